// A structure named by its tag alone (no typedef), read whole.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

struct cell { long key; long val; };
shared struct cell P[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

long sum(void)
{
    long i, s = 0;
    for (i = 0; i < M; i++) {
        struct cell c = P[idx[i]];
        s += c.key ^ c.val;
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &P[i]) {
        P[i].key = i * 3;
        P[i].val = i + 7;
    }
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i + MYTHREAD) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %ld\n", MYTHREAD, sum());
    return 0;
}
