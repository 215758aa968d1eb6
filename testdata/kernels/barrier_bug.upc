// barrier_bug.upc - barriers that not every thread reaches (seed 002,
// section 5.1: collectivity of statements and CFG edges).
//
// A small time-stepping program with two classic collective bugs:
//   * in every step thread 0 publishes its progress and then synchronises
//     "so that the others see it" with a upc_barrier inside
//     `if (MYTHREAD == 0)`. Only thread 0 executes it: with THREADS > 1
//     thread 0 runs two barriers per step and the others one, the anonymous
//     barriers pair up wrongly, the threads drift out of step, and at the
//     end thread 0 waits in a barrier that no other thread will reach.
//     THE PROGRAM DEADLOCKS WHEN RUN WITH THREADS > 1 (or, on a runtime whose
//     exit is itself a barrier, fails at exit). It is meant to be reported
//     statically, and to show the runtime's deadlock report (where each
//     thread waits). With THREADS == 1 it runs and prints OK;
//   * checkpoint() uses a barrier id that differs between threads
//     (`upc_barrier MYTHREAD;`), which UPC 1.3 6.6.1 requires to stop the
//     program with an error as soon as two threads pass different ids. It is
//     only called when THREADS == 1, where it is harmless, but it is wrong.
//
// Run: upcc -o barrier_bug barrier_bug.upc && upcrun -n 1 ./barrier_bug
//      gupc -o barrier_bug barrier_bug.upc && ./barrier_bug -n 1
// Prints "barrier_bug: sum=<sum> OK" from thread 0 (THREADS == 1).
//
// expect: collectivity
// expect: singlevalued

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#ifndef BS
#define BS 64
#endif
#ifndef STEPS
#define STEPS 4
#endif

shared [BS] long data[BS * THREADS];
shared int progress;

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

void checkpoint(void)
{
    upc_barrier MYTHREAD; // want "single-valued|thread-dependent"
}

int main(void)
{
    long *mine = (long *)&data[MYTHREAD * BS];
    long sum = 0, ref = 0;
    int step, k;

    for (k = 0; k < BS; k++)
        mine[k] = k;
    upc_barrier;

    for (step = 0; step < STEPS; step++) {
        for (k = 0; k < BS; k++)
            mine[k] = 3 * mine[k] + step;
        if (MYTHREAD == 0) {
            progress = step;
            upc_barrier; // want "not every thread|thread-dependent"
        }
        upc_barrier;
    }
    if (THREADS == 1)
        checkpoint();

    for (k = 0; k < BS; k++) {
        long v = k;
        for (step = 0; step < STEPS; step++)
            v = 3 * v + step;
        sum += mine[k];
        ref += v;
    }
    sum = sum_all(sum);
    if (MYTHREAD == 0) {
        int ok = sum == ref * THREADS;
        printf("barrier_bug: sum=%ld %s\n", sum / THREADS, ok ? "OK" : "FAILED");
        if (!ok)
            return 1;
    }
    return 0;
}
