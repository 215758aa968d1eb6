// rows_columns.upc - a heat-equation sweep (the UPC tutorial's heat_1) over
// a grid distributed by blocks of 4 rows: the loop reads columns 1 to N of
// the rows i-1 and i+1, not their boundary columns 0 and N+1, so only those
// columns of each row are fetched, never more bytes than the loop reads.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 30
#define RB 4

shared [RB * (N + 2)] double grid[RB * THREADS][N + 2];
shared [RB * (N + 2)] double new_grid[RB * THREADS][N + 2];

double sweep(void)
{
    int i, j;
    double dTmax = 0.0;
    upc_forall (i = 1; i < RB * THREADS - 1; i++; &new_grid[i][0]) {
        for (j = 1; j < N + 1; j++) {
            double T = 0.5 * (grid[i + 1][j] + grid[i - 1][j]);
            double dT = T - new_grid[i][j];
            new_grid[i][j] = T;
            if (dTmax < dT)
                dTmax = dT;
        }
    }
    return dTmax;
}

int main(void)
{
    int i, j;
    double s = 0.0, d;
    upc_forall (i = 0; i < RB * THREADS; i++; &grid[i][0])
        for (j = 0; j < N + 2; j++) {
            grid[i][j] = (i * 7 + j * 3) % 11 + (j == 0 || j == N + 1 ? 1000.0 : 0.0);
            new_grid[i][j] = 0.0;
        }
    upc_barrier;
    d = sweep();
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < RB * THREADS; i++)
            for (j = 0; j < N + 2; j++)
                s += new_grid[i][j];
        printf("sum %.1f\n", s);
    }
    printf("thread %d: max %.1f\n", MYTHREAD, d);
    return 0;
}
