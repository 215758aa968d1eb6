// Structure elements of a blocked array (4 per block) at random indices.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

typedef struct { double m; int n; } rec_t;
shared [4] rec_t R[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

double sum(void)
{
    long i;
    double s = 0;
    for (i = MYTHREAD; i < M; i += THREADS) {
        rec_t r = R[idx[i]];
        s += r.m * r.n;
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &R[i]) {
        R[i].m = 0.25 * (double)(i % 8);
        R[i].n = (int)(i % 5);
    }
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %.2f\n", MYTHREAD, sum());
    return 0;
}
