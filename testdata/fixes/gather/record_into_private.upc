// Structure elements copied at random indices into a private array.
// Self-checking: every thread prints what it copied.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

typedef struct { int a, b; } pair_t;
shared pair_t Q[N * THREADS];
static long idx[M];
static pair_t out[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

void copy(void)
{
    long i;
    for (i = 0; i < M; i++) {
        out[i] = Q[idx[i]];
    }
}

int main(void)
{
    long i, s = 0;
    upc_forall (i = 0; i < N * THREADS; i++; &Q[i]) {
        Q[i].a = (int)(i % 101);
        Q[i].b = (int)(i % 37);
    }
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i * (MYTHREAD + 1)) % (N * THREADS));
    upc_barrier;
    copy();
    for (i = 0; i < M; i++)
        s += out[i].a * 3 + out[i].b;
    printf("thread %d: %ld\n", MYTHREAD, s);
    return 0;
}
