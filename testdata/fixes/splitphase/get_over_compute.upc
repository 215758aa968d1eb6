// get_over_compute.upc - private work that does not touch the buffer or the
// source sits between the buffer's declaration and the get: the get starts
// before the work and completes where it stood.

#include <upc_relaxed.h>
#include <stdio.h>

#define N 48

shared [N] long V[N * THREADS];

long collatz(long x)
{
    long steps = 0;
    while (x != 1 && steps < 1000) {
        x = x % 2 ? 3 * x + 1 : x / 2;
        steps++;
    }
    return steps;
}

int main(void)
{
    long buf[N], work = 0, sum = 0;
    int k, from = (MYTHREAD + THREADS - 1) % THREADS;
    for (k = 0; k < N; k++)
        V[MYTHREAD * N + k] = k * k + MYTHREAD;
    upc_barrier;
    for (k = 1; k < 200; k++)
        work += k % 7 == 0 ? k : -1;
    upc_memget(buf, &V[from * N], sizeof(buf));
    for (k = 0; k < N; k++)
        sum += buf[k];
    printf("thread %d: work=%ld sum=%ld steps=%ld OK\n", MYTHREAD, work, sum, collatz(27));
    return 0;
}
