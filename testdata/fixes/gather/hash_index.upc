// The index is computed in place by a pure function.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 512
#define M 6000

shared unsigned long A[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

unsigned long hashed_xor(void)
{
    unsigned long x = 0;
    long i;
    for (i = MYTHREAD; i < M; i += THREADS) {
        x ^= A[h(i + 3) % (N * THREADS)] + (unsigned long)i;
    }
    return x;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &A[i])
        A[i] = i * i;
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %lx\n", MYTHREAD, hashed_xor());
    return 0;
}
