// Two gathering loops in a row share the strip buffer.
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

long two_sums(void)
{
    long i, s = 0, t = 0;
    for (i = MYTHREAD; i < M; i += THREADS) {
        s += A[idx[i]];
    }
    for (i = MYTHREAD; i < M / 2; i += THREADS) {
        t += A[idx[M - 1 - i]];
    }
    return s - 3 * t;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &A[i])
        A[i] = 5 * i;
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %ld\n", MYTHREAD, two_sums());
    return 0;
}
