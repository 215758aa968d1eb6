// write_rows_forall.upc - the 2-D stencil of seed 000 (Listing 2) on a
// cyclic grid: a upc_forall over rows whose inner loop writes row i of OUT
// from column 1 to N-2. Each row is written into a private buffer and put
// with one upc_memput per owning thread after the inner loop.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 20

shared int IN[N * THREADS][N];
shared int OUT[N * THREADS][N];

void sweep(void)
{
    int i, j;
    upc_forall (i = 1; i < N - 1; i++; &OUT[i]) {
        for (j = 1; j < N - 1; j++) {
            OUT[i][j] = (IN[i - 1][j] + IN[i + 1][j]
                         + IN[i][j - 1] + IN[i][j + 1]) / 4;
        }
    }
}

int main(void)
{
    int i;
    long s = 0;
    upc_forall (i = 0; i < N * N; i++; &IN[0][i]) {
        IN[0][i] = (i * 37) % 101;
        OUT[0][i] = -1;
    }
    upc_barrier;
    sweep();
    upc_barrier;
    upc_forall (i = 0; i < N * N; i++; &OUT[0][i]) /* my elements */
        s += OUT[0][i] * (i % 3 + 1);
    printf("thread %d: s=%ld\n", MYTHREAD, s);
    return 0;
}
