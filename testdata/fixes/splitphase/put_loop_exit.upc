// put_loop_exit.upc - a loop fills a private buffer that one upc_memput
// sends to the next thread at loop exit; private work follows before the
// barrier, which the put may overlap: it completes before the barrier.

#include <upc_relaxed.h>
#include <stdio.h>

#define N 40

shared [N] long R[N * THREADS];

int main(void)
{
    long buf[N], acc = 0, check = 0;
    int k, to = (MYTHREAD + 1) % THREADS, from = (MYTHREAD + THREADS - 1) % THREADS;
    for (k = 0; k < N; k++)
        buf[k] = MYTHREAD * 1000L + k;
    upc_memput(&R[to * N], buf, N * sizeof(long));
    for (k = 0; k < 500; k++)
        acc += k % 3;
    upc_barrier;
    for (k = 0; k < N; k++)
        check += R[MYTHREAD * N + k] != from * 1000L + k;
    printf("thread %d: acc=%ld %s\n", MYTHREAD, acc, check ? "FAILED" : "OK");
    return check != 0;
}
