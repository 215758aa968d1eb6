// A gather into a private array.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 512
#define M 6000

shared long A[N * THREADS];
static long out[M];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

void gather_out(void)
{
    long i;
    for (i = MYTHREAD; i < M; i += THREADS) {
        out[i] = A[idx[i]];
    }
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &A[i])
        A[i] = i ^ 0x55;
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    gather_out();
    {
        long s = 0;
        for (i = MYTHREAD; i < M; i += THREADS)
            s += out[i] * (i % 5);
        printf("thread %d: %ld\n", MYTHREAD, s);
    }
    return 0;
}
