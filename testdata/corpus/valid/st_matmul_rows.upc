// upclint-flags: --threads 4 -DN=64
/* Row-blocked matrix multiply under static THREADS: A and C are split into
   THREADS slabs of rows, B is replicated privately before the product. */
#include <upc_relaxed.h>
#include <stdio.h>

#ifndef N
#define N 32
#endif

shared [N * N / THREADS] double A[N][N];
shared [N * N / THREADS] double C[N][N];
shared [N * N / THREADS] double B[N][N];

static double Bl[N][N];

int main(void)
{
    int i, j, k;

    upc_forall (i = 0; i < N; i++; &A[i][0])
        for (j = 0; j < N; j++) {
            A[i][j] = (double)(i + j);
            B[i][j] = (i == j) ? 1.0 : 0.0;
        }
    upc_barrier;
    for (i = 0; i < N; i++)
        upc_memget(Bl[i], &B[i][0], N * sizeof(double));   /* each row is within one block */

    upc_forall (i = 0; i < N; i++; &C[i][0]) {
        const double *Ai = (const double *)&A[i][0];
        double *Ci = (double *)&C[i][0];
        for (j = 0; j < N; j++) {
            double s = 0.0;
            for (k = 0; k < N; k++)
                s += Ai[k] * Bl[k][j];
            Ci[j] = s;
        }
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int ok = 1;
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++)
                if (C[i][j] != A[i][j])
                    ok = 0;
        printf("st_matmul_rows: %s\n", ok ? "passed" : "failed");
    }
    return 0;
}
