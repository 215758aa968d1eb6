// malloc_over_compute.upc - a get into a malloc'ed buffer followed by
// private work that does not touch it: the get is issued with
// upc_memget_nb and synchronised before the first read of the buffer.

#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define N 512

shared [N] int V[N * THREADS];

int main(void)
{
    int k;
    long work = 0, sum = 0;
    for (k = 0; k < N; k++)
        V[MYTHREAD * N + k] = k + MYTHREAD;
    upc_barrier;
    int *buf = calloc(N, sizeof *buf);
    if (buf == NULL)
        return 1;
    upc_memget(buf, &V[((MYTHREAD + 1) % THREADS) * N], N * sizeof *buf);
    for (k = 1; k < 5000; k++)
        work += k % 11 == 0 ? k : -1;
    for (k = 0; k < N; k++)
        sum += buf[k];
    free(buf);
    printf("thread %d: work=%ld sum=%ld OK\n", MYTHREAD, work, sum);
    return 0;
}
