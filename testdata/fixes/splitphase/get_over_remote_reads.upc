// get_over_remote_reads.upc - after a bulk get come fine-grained reads of
// another array on other threads: the get completes while they run.

#include <upc_relaxed.h>
#include <stdio.h>

#define N 32

shared [N] int D[N * THREADS];
shared int flags[THREADS];

int main(void)
{
    int buf[N], k, t, seen = 0, sum = 0;
    for (k = 0; k < N; k++)
        D[MYTHREAD * N + k] = MYTHREAD * 100 + k;
    flags[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    upc_memget(buf, &D[((MYTHREAD + 1) % THREADS) * N], N * sizeof(int));
    for (t = 0; t < THREADS; t++)
        seen += flags[t];
    for (k = 0; k < N; k++)
        sum += buf[k];
    printf("thread %d: seen=%d sum=%d OK\n", MYTHREAD, seen, sum);
    return 0;
}
