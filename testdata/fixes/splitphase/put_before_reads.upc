// put_before_reads.upc - a block is put to the next thread, then the
// thread reads single elements of another array on other threads and sums
// them: the put completes after those reads, before the barrier.

#include <upc_relaxed.h>
#include <stdio.h>

#define N 12

shared [N] int dst[N * THREADS];
shared int val[THREADS];

int main(void)
{
    int buf[N], k, t, sum = 0, bad = 0;
    val[MYTHREAD] = MYTHREAD * 3;
    for (k = 0; k < N; k++)
        buf[k] = MYTHREAD + k;
    upc_barrier;
    upc_memput(&dst[((MYTHREAD + 1) % THREADS) * N], buf, N * sizeof(int));
    for (t = 0; t < THREADS; t++)
        sum += val[t];
    upc_barrier;
    for (k = 0; k < N; k++)
        bad += dst[MYTHREAD * N + k] != (MYTHREAD + THREADS - 1) % THREADS + k;
    printf("thread %d: sum=%d %s\n", MYTHREAD, sum, bad ? "FAILED" : "OK");
    return bad != 0;
}
