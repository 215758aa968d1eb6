// get_in_loop.upc - in every iteration of a loop over the threads, a block
// is fetched, a counter of another thread is read, and the block is
// summed: the get overlaps the remote read.

#include <upc_relaxed.h>
#include <stdio.h>

#define N 16

shared [N] long M[N * THREADS];
shared long cnt[THREADS];

int main(void)
{
    long total = 0, counts = 0;
    int t, k;
    for (k = 0; k < N; k++)
        M[MYTHREAD * N + k] = MYTHREAD + k;
    cnt[MYTHREAD] = 2 * MYTHREAD;
    upc_barrier;
    for (t = 0; t < THREADS; t++) {
        long blk[N];
        upc_memget(blk, &M[t * N], N * sizeof(long));
        counts += cnt[t];
        for (k = 0; k < N; k++)
            total += blk[k];
    }
    printf("thread %d: total=%ld counts=%ld OK\n", MYTHREAD, total, counts);
    return 0;
}
