// A structure with padding between its members (a char before a double),
// read whole at a random index: the copy moves the padding too.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

typedef struct { char tag; double v; } tagged_t;
shared tagged_t T[N * THREADS];
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
        tagged_t t = T[idx[i]];
        s += t.tag == 'a' ? t.v : -t.v;
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &T[i]) {
        T[i].tag = i % 3 ? 'a' : 'b';
        T[i].v = 0.125 * (double)(i % 16);
    }
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i * 3 + 1) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %.3f\n", MYTHREAD, sum());
    return 0;
}
