// A union element read whole at a random index.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

typedef union { long l; unsigned char b[8]; } word_t;
shared word_t W[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

long sum(void)
{
    long i, s = 0;
    for (i = MYTHREAD; i < M; i += THREADS) {
        word_t w = W[idx[i]];
        s += w.l % 1000;
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &W[i])
        W[i].l = i * 977;
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i + 3) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %ld\n", MYTHREAD, sum());
    return 0;
}
