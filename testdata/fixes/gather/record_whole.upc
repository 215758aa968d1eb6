// A whole structure element read at a random index and its fields used
// (the seed's random struct-field access once each element is read whole).
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

typedef struct data { double a; double b; long c; } data_t;
shared data_t Table[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

double sum(void)
{
    long k;
    double r = 0.0;
    for (k = MYTHREAD; k < M; k += THREADS) {
        data_t e = Table[idx[k]];
        r += e.a * e.b - e.c;
    }
    return r;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &Table[i]) {
        Table[i].a = i % 11;
        Table[i].b = i % 3 + 1;
        Table[i].c = i % 17;
    }
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %.1f\n", MYTHREAD, sum());
    return 0;
}
