// neighbour_block.upc - a thread reads its right neighbour's block of a
// blocked array (a ring exchange's s += a[peer * B + j]) and one row of an
// array blocked by whole rows (m[peer * RB][j]): the elements lie in one
// block, on one thread, so one upc_memget fetches them, without a loop
// over blocks, and the reads index the copy from its first element, the
// macro-made part of the index gone.
#include <upc_relaxed.h>
#include <stdio.h>

#define B 16
#define N 24
#define RB 3

shared [B] int a[B * THREADS];
shared [RB * N] double m[RB * THREADS][N];

int main(void)
{
    int i, j;
    long s = 0;
    double d = 0.0;
    int peer = (MYTHREAD + 1) % THREADS;
    upc_forall (i = 0; i < B * THREADS; i++; &a[i])
        a[i] = i % 9;
    upc_forall (i = 0; i < RB * THREADS; i++; &m[i][0])
        for (j = 0; j < N; j++)
            m[i][j] = (i + 2 * j) % 7;
    upc_barrier;
    for (j = 0; j < B; j++)
        s += a[peer * B + j] * (j + 1);
    for (j = 0; j < N; j++)
        d += m[peer * RB + 1][j] * j;
    printf("thread %d: %ld %.1f\n", MYTHREAD, s, d);
    return 0;
}
