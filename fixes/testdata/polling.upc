// polling.upc - a program whose communication depends on its schedule.
//
// Thread 0 computes for a few milliseconds, longer or shorter with its
// process id, while every other thread polls a strict flag on thread 0:
// how many remote reads the polling makes depends on the schedule, so two
// runs of the same binary report different totals. After a barrier, each thread copies
// its neighbour's block element by element (the accesses a coalescing
// fix rewrites; their count does not depend on the schedule) and prints
// a checksum.
#include <upc_relaxed.h>
#include <stdio.h>
#include <unistd.h>

#define N 256

shared [N] int a[THREADS][N];
shared [N] char c[THREADS][N];
strict shared int done;

int main(void)
{
    int k, loc[N], nb = (MYTHREAD + 1) % THREADS;
    long sum = 0, polls = 0;
    for (k = 0; k < N; k++) {
        a[MYTHREAD][k] = MYTHREAD * N + k;
        c[MYTHREAD][k] = 0;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        volatile double x = 1;
        long spin = 1000000 + 400000L * (getpid() % 8);
        for (long i = 0; i < spin; i++)
            x = x * 1.0000001 + 1e-9;
        done = 1;
    } else {
        while (!done)
            polls++;
    }
    upc_barrier;
    for (k = 0; k < N; k++)
        loc[k] = a[nb][k];
    for (k = 0; k < N; k++)
        sum += loc[k];
    printf("thread %d: sum %ld\n", MYTHREAD, sum);
    return polls < 0;
}
