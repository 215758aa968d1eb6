// A structure with an array member, read whole at a random index.
// Self-checking: every thread prints what it read.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 128
#define M 3000

typedef struct { double x[3]; int id; } point_t;
shared point_t Pts[N * THREADS];
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
        point_t p = Pts[idx[i]];
        s += p.x[0] + 2 * p.x[1] + 3 * p.x[2] - p.id;
    }
    return s;
}

int main(void)
{
    long i;
    upc_forall (i = 0; i < N * THREADS; i++; &Pts[i]) {
        Pts[i].x[0] = i % 5;
        Pts[i].x[1] = i % 7;
        Pts[i].x[2] = i % 9;
        Pts[i].id = (int)(i % 13);
    }
    for (i = 0; i < M; i++)
        idx[i] = (long)(h(i) % (N * THREADS));
    upc_barrier;
    printf("thread %d: %.1f\n", MYTHREAD, sum());
    return 0;
}
