// A structure holding another, read whole; the loop uses a nested field.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

struct inner { int a; short b; };
struct outer { struct inner in; double w; };
shared struct outer O[N * THREADS];
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
        struct outer o = O[idx[i]];
        s += o.in.a * o.w + o.in.b;
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &O[i]) {
        O[i].in.a = (int)(i % 10);
        O[i].in.b = (short)(i % 4);
        O[i].w = 0.5 * (double)(i % 6);
    }
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i * 7) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %.2f\n", MYTHREAD, sum());
    return 0;
}
