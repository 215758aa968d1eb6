// upclint-flags: --threads 4 -DN=32
/* LU factorisation without pivoting, columns dealt cyclically in blocks of one. */
#include <upc.h>
#include <stdio.h>
#include <math.h>

#ifndef N
#define N 16
#endif

shared double a[N][N];          /* cyclic over the flattened index */
shared double pivot_row[N];

int main(void)
{
    int i, j, k;
    double maxerr = 0.0;

    upc_forall (i = 0; i < N * N; i++; &a[i / N][i % N])
        a[i / N][i % N] = (i / N == i % N) ? N : 1.0 / (1 + i / N + i % N);
    upc_barrier;

    for (k = 0; k < N - 1; k++) {
        if (MYTHREAD == 0)
            for (j = k; j < N; j++)
                pivot_row[j] = a[k][j];
        upc_barrier;
        upc_forall (i = k + 1; i < N; i++; &a[i][k]) {
            double l = a[i][k] / pivot_row[k];
            a[i][k] = l;
            for (j = k + 1; j < N; j++)
                a[i][j] -= l * pivot_row[j];
        }
        upc_barrier;
    }
    if (MYTHREAD == 0) {
        for (i = 0; i < N; i++)
            maxerr = fmax(maxerr, fabs(a[i][i]) < 1e-12 ? 1.0 : 0.0);
        printf("st_lu: %s\n", maxerr == 0.0 ? "passed" : "failed");
    }
    return 0;
}
