// upclint-flags: --threads 4 -DN=64
/* 2-D Jacobi heat diffusion; rows are distributed in blocks of N*N/THREADS elements. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#ifndef N
#define N 32
#endif
#define EPS 1e-4
#define MAXIT 500

shared [N*N/THREADS] double grid[N][N];
shared [N*N/THREADS] double next[N][N];
shared double residual[THREADS];

static void init(void)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; &grid[i][0])
        for (j = 0; j < N; j++) {
            grid[i][j] = (i == 0) ? 1.0 : 0.0;
            next[i][j] = grid[i][j];
        }
}

int main(void)
{
    int it = 0, i, j;
    double global;

    init();
    upc_barrier;
    do {
        double local = 0.0;
        upc_forall (i = 1; i < N - 1; i++; &next[i][0]) {
            for (j = 1; j < N - 1; j++) {
                next[i][j] = 0.25 * (grid[i - 1][j] + grid[i + 1][j] +
                                     grid[i][j - 1] + grid[i][j + 1]);
                local += fabs(next[i][j] - grid[i][j]);
            }
        }
        residual[MYTHREAD] = local;
        upc_barrier 1;
        upc_forall (i = 1; i < N - 1; i++; &grid[i][0])
            for (j = 1; j < N - 1; j++)
                grid[i][j] = next[i][j];
        global = 0.0;
        for (i = 0; i < THREADS; i++)
            global += residual[i];
        upc_barrier 2;
        it++;
    } while (global > EPS && it < MAXIT);

    if (MYTHREAD == 0)
        printf("converged after %d iterations, residual %g\n", it, global);
    return 0;
}
