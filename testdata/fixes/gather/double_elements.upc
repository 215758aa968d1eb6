// Floating-point reads keep their order.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 512
#define M 6000

shared double D[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

double weighted(void)
{
    double s = 0;
    long i;
    for (i = MYTHREAD; i < M; i += THREADS) {
        s = s * 0.5 + D[idx[i]];
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &D[i])
        D[i] = i * 0.25;
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %.6f\n", MYTHREAD, weighted());
    return 0;
}
