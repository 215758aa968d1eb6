// One field of a struct element (the random struct-field read).
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 512
#define M 6000

struct cell { long key; long val; };
shared struct cell P[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

long field_sum(void)
{
    long i, s = 0;
    for (i = MYTHREAD; i < M; i += THREADS) {
        s += P[idx[i]].val;
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &P[i])
        P[i].val = i + 7;
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %ld\n", MYTHREAD, field_sum());
    return 0;
}
