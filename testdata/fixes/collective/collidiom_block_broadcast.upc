// collidiom_block_broadcast.upc - seed 002 section 3.2 (Figure 2, by hand):
// thread 0 copies its block into every thread's block of dst element by
// element, (THREADS-1)*N remote puts; the fix fills one block on thread 0
// and calls upc_all_broadcast on every thread. A barrier follows the
// branch, so the broadcast returns without synchronising (UPC_OUT_NOSYNC).

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 64

shared [N] long dst[N * THREADS];

void hand_broadcast(int iter)
{
    int t, k;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++) {
            for (k = 0; k < N; k++)
                dst[t * N + k] = k * 3L + iter;
        }
    }
    upc_barrier;
}

int main(void)
{
    int iter, k;
    long bad = 0, sum = 0;
    for (iter = 0; iter < 4; iter++) {
        hand_broadcast(iter);
        for (k = 0; k < N; k++) {
            long v = ((long *)&dst[MYTHREAD * N])[k];
            sum += v;
            bad += v != k * 3L + iter;
        }
        upc_barrier;
    }
    printf("thread %d: sum=%ld %s\n", MYTHREAD, sum, bad ? "FAILED" : "OK");
    return bad != 0;
}
