// get_while_loop.upc - a while loop walks the threads; its body fetches a
// block, bumps private counters and then uses the block.

#include <upc_relaxed.h>
#include <stdio.h>

#define N 20

shared [N] unsigned W[N * THREADS];

int main(void)
{
    unsigned local[N], sum = 0;
    int t = 0, k, visits = 0;
    for (k = 0; k < N; k++)
        W[MYTHREAD * N + k] = (unsigned)(MYTHREAD * 7 + k);
    upc_barrier;
    while (t < THREADS) {
        upc_memget(local, &W[t * N], N * sizeof(unsigned));
        visits++;
        t++;
        for (k = 0; k < N; k++)
            sum += local[k];
    }
    printf("thread %d: visits=%d sum=%u OK\n", MYTHREAD, visits, sum);
    return 0;
}
