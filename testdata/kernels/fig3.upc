// fig3.upc - static coalescing of struct fields (seed 000, Figure 3, section 4.2).
//
// The paper's example (Figure 3(a)) reduces two fields of every element of a
// cyclic shared array of structs:
//     typedef struct data_s { int a; int b; int c; int d; } data_t;
//     shared data_t A[128];
//     for (i = 0; i < 128; i++) { result += A[i].a; result += A[i].c; }
// Each thread that calls comp() reads every element, so with THREADS > 1
// most reads are remote, and the two fields of one element come from the
// same thread: static coalescing fetches a and c of A[i] together (one
// strided access, stride 4 bytes apart of 2 elements, Figure 3(c)) and the
// inspector-executor runtime aggregates them per thread. Here every thread
// calls comp() and checks the result.
//
// Under dynamic THREADS a distributed array must mention THREADS in one
// dimension (UPC 1.3 6.5.2.1): A has room for NA*THREADS elements and the
// kernel uses the first NA (128 as in the paper), which is the layout of the
// paper's `A[128]`. The result does not depend on THREADS.
//
// Run: upcc -o fig3 fig3.upc && upcrun -n 4 ./fig3   (Berkeley UPC)
//      gupc -o fig3 fig3.upc && ./fig3 -n 4          (GNU UPC)
// Prints "fig3: result=<sum> OK" from thread 0.
//
// expect: finegrain

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#ifndef NA
#define NA 128
#endif
#ifndef REPS
#define REPS 8
#endif

typedef struct data_s {
    int a;
    int b;
    int c;
    int d;
} data_t;

shared data_t A[NA * THREADS];

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

int comp(void)
{
    int i;
    int result = 0;
    for (i = 0; i < NA; i++) {
        result += A[i].a; // want "remote"
        result += A[i].c;
    }
    return result;
}

int main(void)
{
    int i, k, r;
    int mine = (NA - MYTHREAD + THREADS - 1) / THREADS;
    data_t *al = (data_t *)&A[MYTHREAD];
    long bad = 0;
    int ref = 0, got = 0;

    for (k = 0; k < mine; k++) {
        i = MYTHREAD + k * THREADS;
        al[k].a = i % 17;
        al[k].b = -1;
        al[k].c = 3 * (i % 5);
        al[k].d = -1;
    }
    upc_barrier;

    for (i = 0; i < NA; i++)
        ref += i % 17 + 3 * (i % 5);
    for (r = 0; r < REPS; r++) {
        got = comp();
        bad += got != ref;
    }
    bad = sum_all(bad);
    if (MYTHREAD == 0) {
        printf("fig3: result=%d %s\n", got, bad == 0 ? "OK" : "FAILED");
        if (bad != 0)
            return 1;
    }
    return 0;
}
