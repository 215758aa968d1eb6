// vecadd.upc - vector addition with upc_forall (seed 001, section 7, Figures 8 and 9).
//
// The seed's benchmark adds two cyclic arrays element by element in a
// upc_forall, once with an integer affinity expression and once with a
// shared-address one:
//     upc_forall (i = 0; i < N; i++; i)      c[i] = a[i] + b[i];
//     upc_forall (i = 0; i < N; i++; &a[i])  c[i] = a[i] + b[i];
// Every thread evaluates the affinity test on every iteration; removing it
// (Figure 8: start at MOD(MYTHREAD - L - c, THREADS), step THREADS) gave more
// than 20% sequentially and linear instead of poor scaling (Figure 9). The
// kernel also covers the other two shapes of Figure 8's `&a[i]` case: a
// block-cyclic array (two-level loop, outer stride THREADS*BLOCK) and an
// indefinite one (one affinity test before the loop). All accesses in these
// loops are local, so no finegrain finding is expected.
//
// Under dynamic THREADS a distributed array must mention THREADS in one
// dimension (UPC 1.3 6.5.2.1): the vectors have room for N*THREADS elements
// and the kernel uses the first N, which is the layout of the seed's `[N]`
// arrays. The result does not depend on THREADS.
//
// Run: upcc -o vecadd vecadd.upc && upcrun -n 4 ./vecadd   (Berkeley UPC)
//      gupc -o vecadd vecadd.upc && ./vecadd -n 4          (GNU UPC)
// Prints "vecadd: checksum=<sum> OK" from thread 0.
//
// expect: forall

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#ifndef N
#define N 16384
#endif
#ifndef BS
#define BS 64
#endif
#ifndef REPS
#define REPS 4
#endif

shared int a[N * THREADS], b[N * THREADS], c[N * THREADS];     /* cyclic */
shared [BS] int ab[N * THREADS], bb[N * THREADS], cb[N * THREADS]; /* block-cyclic */
shared [] int d[N];                                            /* indefinite: thread 0 */

shared long part[THREADS];
shared long total;

/* Sum of v over all threads; the result is valid on thread 0. */
static long sum_all(long v)
{
    long r = 0;
    part[MYTHREAD] = v;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        r = total;
    return r;
}

void vadd_int_affinity(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; i) // want "affinity"
        c[i] = a[i] + b[i];
}

void vadd_addr_affinity(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i]) // want "affinity"
        c[i] += a[i] + b[i];
}

void vadd_blocked(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &cb[i]) // want "affinity"
        cb[i] = ab[i] + bb[i];
}

void scale_indefinite(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &d[i]) // want "affinity"
        d[i] = 2 * d[i] + 1;
}

int main(void)
{
    int i, k, r;
    int *al = (int *)&a[MYTHREAD], *bl = (int *)&b[MYTHREAD], *cl = (int *)&c[MYTHREAD];
    int ncyc = (N - MYTHREAD + THREADS - 1) / THREADS;   /* my elements of a, b, c */
    long sum = 0, bad = 0, ref = 0;

    /* every thread fills what it owns; thread 0 also owns d */
    for (k = 0; k < ncyc; k++) {
        i = MYTHREAD + k * THREADS;
        al[k] = i % 1000;
        bl[k] = 3 * (i % 7);
        cl[k] = 0;
    }
    for (k = MYTHREAD * BS; k < N; k += THREADS * BS) {
        int *ap = (int *)&ab[k], *bp = (int *)&bb[k], *cp = (int *)&cb[k];
        for (i = 0; i < BS && k + i < N; i++) {
            ap[i] = (k + i) % 1000;
            bp[i] = 3 * ((k + i) % 7);
            cp[i] = 0;
        }
    }
    if (MYTHREAD == 0) {
        int *dl = (int *)d;
        for (i = 0; i < N; i++)
            dl[i] = i % 5;
    }
    upc_barrier;

    for (r = 0; r < REPS; r++) {
        vadd_int_affinity();
        vadd_addr_affinity();
        vadd_blocked();
        scale_indefinite();
    }
    upc_barrier;

    /* check: c = 2(a+b), cb = a+b, d = iterated 2x+1; sequential recomputation */
    for (k = 0; k < ncyc; k++) {
        i = MYTHREAD + k * THREADS;
        sum += cl[k];
        bad += cl[k] != 2 * (i % 1000 + 3 * (i % 7));
    }
    for (k = MYTHREAD * BS; k < N; k += THREADS * BS) {
        int *cp = (int *)&cb[k];
        for (i = 0; i < BS && k + i < N; i++) {
            sum += cp[i];
            bad += cp[i] != (k + i) % 1000 + 3 * ((k + i) % 7);
        }
    }
    if (MYTHREAD == 0) {
        int *dl = (int *)d;
        for (i = 0; i < N; i++) {
            long v = i % 5;
            for (r = 0; r < REPS; r++)
                v = 2 * v + 1;
            sum += dl[i];
            bad += dl[i] != v;
        }
    }
    sum = sum_all(sum);
    bad = sum_all(bad);
    if (MYTHREAD == 0) {
        for (i = 0; i < N; i++) {
            long v = i % 5;
            for (r = 0; r < REPS; r++)
                v = 2 * v + 1;
            ref += 3 * (i % 1000 + 3 * (i % 7)) + v;
        }
        printf("vecadd: checksum=%ld %s\n", sum, bad == 0 && sum == ref ? "OK" : "FAILED");
        if (bad != 0 || sum != ref)
            return 1;
    }
    return 0;
}
