// stencil_blocked.upc - the row neighbours of a grid distributed by blocks
// of 4 rows (seed 000 Listing 3): the rows i-1 and i+1 that the loop nest
// reads are fetched per block run before it.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 32
#define RB 4

shared [RB * N] int IN[N * THREADS][N];
shared [RB * N] int OUT[N * THREADS][N];

void step(void)
{
    int i, j;
    upc_forall (i = 1; i < N - 1; i++; &OUT[i][0]) {
        for (j = 0; j < N; j++)
            OUT[i][j] = IN[i - 1][j] + IN[i + 1][j];
    }
}

int main(void)
{
    int i, j;
    long s = 0;
    upc_forall (i = 0; i < N; i++; &IN[i][0])
        for (j = 0; j < N; j++)
            IN[i][j] = (i * 3 + j) % 10;
    upc_barrier;
    step();
    upc_barrier;
    upc_forall (i = 1; i < N - 1; i++; &OUT[i][0])
        for (j = 0; j < N; j++)
            s += OUT[i][j] * (i + j);
    printf("thread %d: s=%ld\n", MYTHREAD, s);
    return 0;
}
