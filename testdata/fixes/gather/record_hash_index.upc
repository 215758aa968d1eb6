// A structure element at a hashed index computed in the loop (no index
// array): the inspector runs the hash ahead of the loop.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

typedef struct { long k; long v; } kv_t;
shared kv_t KV[N * THREADS];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

long sum(void)
{
    long i, s = 0;
    for (i = MYTHREAD; i < M; i += THREADS) {
        kv_t e = KV[h(i) % (N * THREADS)];
        s += e.k - e.v;
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &KV[i]) {
        KV[i].k = i * 5;
        KV[i].v = i % 19;
    }
    upc_barrier;
    printf("thread %d: %ld\n", MYTHREAD, sum());
    return 0;
}
