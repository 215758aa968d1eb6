// get_other_array_write.upc - between the get and the use, the thread
// writes elements of another shared array: they cannot be the elements
// being fetched, so the get stays in flight across them.

#include <upc_relaxed.h>
#include <stdio.h>

#define N 16

shared [N] long src[N * THREADS];
shared long mark[THREADS];

int main(void)
{
    long buf[N], s = 0;
    int k, nb = (MYTHREAD + 1) % THREADS;
    for (k = 0; k < N; k++)
        src[MYTHREAD * N + k] = 5L * k + MYTHREAD;
    upc_barrier;
    upc_memget(buf, &src[nb * N], N * sizeof(long));
    mark[nb] = MYTHREAD + 1;
    for (k = 0; k < N; k++)
        s += buf[k];
    upc_barrier;
    printf("thread %d: s=%ld mark=%ld OK\n", MYTHREAD, s, (long)mark[MYTHREAD]);
    return 0;
}
