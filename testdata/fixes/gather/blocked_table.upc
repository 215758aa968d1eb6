// A block-cyclic table.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 512
#define M 6000

shared [8] long A[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

long blocked_sum(void)
{
    long i, s = 0;
    for (i = MYTHREAD; i < M; i += THREADS) {
        s += A[idx[i]] % 1000;
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &A[i])
        A[i] = 2 * i;
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %ld\n", MYTHREAD, blocked_sum());
    return 0;
}
