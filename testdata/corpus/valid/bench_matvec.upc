/* Matrix-vector product: rows of A have affinity to the thread that computes them. */
#include <upc_relaxed.h>
#include <stdio.h>

#define ROWS_PER_THREAD 8
#define NCOLS 64

shared [NCOLS] double A[ROWS_PER_THREAD * THREADS][NCOLS];
shared double x[NCOLS * THREADS];
shared double y[ROWS_PER_THREAD * THREADS];

int main(void)
{
    int i, j;
    double xl[NCOLS];

    upc_forall (i = 0; i < ROWS_PER_THREAD * THREADS; i++; &A[i][0])
        for (j = 0; j < NCOLS; j++)
            A[i][j] = (double)(i + j);
    upc_forall (j = 0; j < NCOLS; j++; j)
        x[j] = 1.0;
    upc_barrier;

    /* fetch x once (the first NCOLS entries are spread cyclically) */
    for (j = 0; j < NCOLS; j++)
        xl[j] = x[j];

    upc_forall (i = 0; i < ROWS_PER_THREAD * THREADS; i++; &A[i][0]) {
        double s = 0.0;
        const double *row = (const double *)&A[i][0];
        for (j = 0; j < NCOLS; j++)
            s += row[j] * xl[j];
        y[i] = s;
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int ok = 1;
        for (i = 0; i < ROWS_PER_THREAD * THREADS; i++) {
            double want = NCOLS * (double)i + NCOLS * (NCOLS - 1) / 2.0;
            if (y[i] != want)
                ok = 0;
        }
        printf("matvec %s\n", ok ? "passed" : "failed");
    }
    return 0;
}
