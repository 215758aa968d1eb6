// The index array is walked by a second variable that the loop's step
// advances with the induction variable (the random variation of the
// seed's struct-field microbenchmark): the inspector saves and restores
// both. Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

typedef struct { double var0, var1, var2, var3; } data_t;
shared data_t Table[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

double sum(const long *ix)
{
    long i, k;
    double r0 = 0.0, r1 = 0.0;
    for (i = MYTHREAD, k = 0; i < M; i += THREADS, k++) {
        data_t e = Table[ix[k]];
        r0 += e.var0 + e.var1;
        r1 += e.var2 + e.var3;
    }
    return r0 + r1;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &Table[i]) {
        Table[i].var0 = i % 3;
        Table[i].var1 = i % 5;
        Table[i].var2 = i % 7;
        Table[i].var3 = i % 11;
    }
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %.1f\n", MYTHREAD, sum(idx));
    return 0;
}
