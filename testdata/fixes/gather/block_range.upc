// A contiguous range of iterations per thread.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 512
#define M 6000

shared long A[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

long range_sum(void)
{
    long i, s = 0, lo = MYTHREAD * (M / THREADS), hi = lo + M / THREADS;
    for (i = lo; i < hi; i++) {
        s += A[idx[i]] * (i % 3);
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &A[i])
        A[i] = i - 100;
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %ld\n", MYTHREAD, range_sum());
    return 0;
}
