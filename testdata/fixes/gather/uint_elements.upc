// 4-byte elements.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 512
#define M 6000

shared unsigned int A[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

unsigned int uint_mix(void)
{
    unsigned int x = 0;
    long i;
    for (i = MYTHREAD; i < M; i += THREADS) {
        x = x * 31 + A[idx[i]];
    }
    return x;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &A[i])
        A[i] = (unsigned int)(i * 2654435761u);
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %u\n", MYTHREAD, uint_mix());
    return 0;
}
