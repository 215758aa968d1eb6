// collidiom_block_private_work.upc - a block broadcast whose branch is
// followed by private work before the barrier: every path from the call
// reaches the barrier with no shared access or call on the way (the
// control-flow graph proves it), so the broadcast returns with
// UPC_OUT_NOSYNC. The index is written k + N*t and the source is a private
// buffer of thread 0.

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
        work += iter * MYTHREAD;
        upc_barrier;
        for (k = 0; k < N; k++)
            bad += ((int *)&blk[MYTHREAD * N])[k] != k * k - iter;
        seen[MYTHREAD] = bad;
        upc_barrier;
    }
    printf("thread %d: work=%d %s\n", MYTHREAD, work, bad ? "FAILED" : "OK");
    return bad != 0;
}
