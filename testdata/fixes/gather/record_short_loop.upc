// Fewer iterations than one strip, structure elements read whole.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

typedef struct { float f; int g; } fg_t;
shared fg_t F[N * THREADS];
static long idx[M];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

double sum(int n)
{
    int i;
    double s = 0;
    for (i = 0; i < n; i++) {
        fg_t e = F[idx[i]];
        s += e.f + e.g;
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &F[i]) {
        F[i].f = 0.5f * (float)(i % 4);
        F[i].g = (int)(i % 9);
    }
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i + 11 * MYTHREAD) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %.1f\n", MYTHREAD, sum(37));
    return 0;
}
