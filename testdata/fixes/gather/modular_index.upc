// A non-affine index computed from the counter.
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

long modular(void)
{
    long i, s = 0;
    for (i = MYTHREAD; i < M; i += THREADS) {
        s += A[(i * 7919) % (N * THREADS)];
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &A[i])
        A[i] = i + 1;
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %ld\n", MYTHREAD, modular());
    return 0;
}
