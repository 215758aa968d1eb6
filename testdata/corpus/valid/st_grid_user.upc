// upclint-flags: --threads 4 -DGRID_N=128 -I include
/* Uses grid.h: a typedef'd blocked 2-D array and macros for the local slab. */
#include "grid.h"
#include <stdio.h>
#include <math.h>

grid_t T, Tn;
shared double norms[THREADS];

double grid_norm(grid_rows_t g)
{
    double (*mine)[GRID_N] = GRID_LOCAL(g);
    double s = 0.0;
    int i, j;
    for (i = 0; i < GRID_SLAB; i++)
        for (j = 0; j < GRID_N; j++)
            s += mine[i][j] * mine[i][j];
    norms[MYTHREAD] = s;
    upc_barrier;
    s = 0.0;
    for (i = 0; i < THREADS; i++)
        s += norms[i];
    upc_barrier;
    return sqrt(s);
}

int main(void)
{
    double (*t)[GRID_N] = GRID_LOCAL(T);
    double (*tn)[GRID_N] = GRID_LOCAL(Tn);
    int i, j, step;

    for (i = 0; i < GRID_SLAB; i++)
        for (j = 0; j < GRID_N; j++)
            t[i][j] = tn[i][j] = (GRID_FIRST_ROW() + i == 0) ? 1.0 : 0.0;
    upc_barrier;
    for (step = 0; step < 5; step++) {
        for (i = 0; i < GRID_SLAB; i++) {
            int gi = GRID_FIRST_ROW() + i;
            if (gi == 0 || gi == GRID_N - 1)
                continue;
            for (j = 1; j < GRID_N - 1; j++)
                tn[i][j] = 0.25 * (T[gi - 1][j] + T[gi + 1][j] + t[i][j - 1] + t[i][j + 1]);
        }
        upc_barrier;
        for (i = 0; i < GRID_SLAB; i++)
            for (j = 0; j < GRID_N; j++)
                t[i][j] = tn[i][j];
        upc_barrier;
    }
    {
        double n = grid_norm(T);
        if (MYTHREAD == 0)
            printf("st_grid_user: norm %.6f\n", n);
    }
    return 0;
}
