// fig1.upc - the inspector-executor example of seed 000 (Figure 1, section 4.1).
//
// The paper's motivating loop, with THREADS unknown at compile time:
//     shared double B[N], A[N], C[N];
//     for (i = MYTHREAD; i < N-1; i += THREADS)
//         A[i] = B[i+1] * C[i+1];   // two remote reads
// A[i] is local (i == MYTHREAD mod THREADS), but B[i+1] and C[i+1] live on
// the next thread: two fine-grained remote gets per iteration. The paper's
// transformation runs an inspector loop that records &B[i+1] and &C[i+1],
// lets the runtime coalesce them into one message per thread, then runs the
// executor loop on the local copies (strip-mined by a prefetch factor).
// Since the indices are affine, a static rewrite can fetch both ranges with
// bulk copies instead.
//
// Under dynamic THREADS a distributed array must mention THREADS in one
// dimension (UPC 1.3 6.5.2.1): the arrays have room for N*THREADS elements
// and the kernel uses the first N, which is the layout of the seed's `[N]`
// arrays. The result does not depend on THREADS.
//
// Run: upcc -o fig1 fig1.upc && upcrun -n 4 ./fig1   (Berkeley UPC)
//      gupc -o fig1 fig1.upc && ./fig1 -n 4          (GNU UPC)
// Prints "fig1: checksum=<sum of A> OK" from thread 0.
//
// expect: finegrain

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#ifndef N
#define N 65536
#endif

shared double B[N * THREADS], A[N * THREADS], C[N * THREADS];

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

void fig1_loop(void)
{
    int i;
    for (i = MYTHREAD; i < N - 1; i += THREADS)
        A[i] = B[i + 1] * C[i + 1]; // want "remote" "remote"
}

int main(void)
{
    int i, k;
    int mine = (N - MYTHREAD + THREADS - 1) / THREADS;
    double *al = (double *)&A[MYTHREAD], *bl = (double *)&B[MYTHREAD], *cl = (double *)&C[MYTHREAD];
    long sum = 0, bad = 0, ref = 0;

    for (k = 0; k < mine; k++) {
        i = MYTHREAD + k * THREADS;
        al[k] = 0.0;
        bl[k] = (double)(i % 13 + 1);
        cl[k] = (double)(i % 5 + 1);
    }
    upc_barrier;

    fig1_loop();
    upc_barrier;

    for (k = 0; k < mine; k++) {
        i = MYTHREAD + k * THREADS;
        double want = i < N - 1 ? (double)((i + 1) % 13 + 1) * (double)((i + 1) % 5 + 1) : 0.0;
        sum += (long)al[k];
        bad += al[k] != want;
    }
    sum = sum_all(sum);
    bad = sum_all(bad);
    if (MYTHREAD == 0) {
        for (i = 0; i < N - 1; i++)
            ref += (long)((i + 1) % 13 + 1) * ((i + 1) % 5 + 1);
        printf("fig1: checksum=%ld %s\n", sum, bad == 0 && sum == ref ? "OK" : "FAILED");
        if (bad != 0 || sum != ref)
            return 1;
    }
    return 0;
}
