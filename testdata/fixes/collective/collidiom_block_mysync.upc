// collidiom_block_mysync.upc - a block broadcast whose branch is followed
// by a read of shared data before the barrier: the broadcast returns with
// UPC_OUT_MYSYNC (a thread returns once its own block is complete), as a
// NOSYNC return would need nothing shared to happen before the barrier.
// The index is written k + N*t and the source is a private buffer of
// thread 0.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 32

shared [N] int blk[N * THREADS];
shared int seen[THREADS];

int main(void)
{
    int t, k, iter, bad = 0, work = 0;
    int buf[N];
    for (iter = 0; iter < 3; iter++) {
        if (MYTHREAD == 0) {
            for (k = 0; k < N; k++)
                buf[k] = k * k - iter;
            for (t = 0; t < THREADS; t++)
                for (k = 0; k < N; k++)
                    blk[k + N * t] = buf[k];
        }
        work += iter * MYTHREAD + seen[(MYTHREAD + 1) % THREADS];
        upc_barrier;
        for (k = 0; k < N; k++)
            bad += ((int *)&blk[MYTHREAD * N])[k] != k * k - iter;
        seen[MYTHREAD] = bad;
        upc_barrier;
    }
    printf("thread %d: work=%d %s\n", MYTHREAD, work, bad ? "FAILED" : "OK");
    return bad != 0;
}
