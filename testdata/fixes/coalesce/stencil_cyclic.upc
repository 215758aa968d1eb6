// stencil_cyclic.upc - a 2-D cyclic grid (seed 000 Listing 2) read at
// [i-1][j], [i+1][j], [i][j-1], [i][j+1]: the rows are gathered with one
// upc_memget per thread.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 24

shared int IN[N * THREADS][N];

long laplace(int r)
{
    int i, j;
    long s = 0;
    for (i = r; i < r + 3; i++)
        for (j = 1; j < N - 1; j++)
            s += IN[i - 1][j] + IN[i + 1][j] + IN[i][j - 1] + IN[i][j + 1] - 4 * IN[i][j];
    return s;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * N; i++; &IN[0][i])
        IN[0][i] = (i * i) % 31;
    upc_barrier;
    printf("thread %d: %ld\n", MYTHREAD, laplace(1 + MYTHREAD % 10));
    return 0;
}
