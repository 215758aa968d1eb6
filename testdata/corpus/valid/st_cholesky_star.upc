/* Right-looking blocked Cholesky on a row-distributed matrix with a
 * [*] layout, built with static THREADS (each thread owns N/THREADS
 * consecutive rows). */
// upclint-flags: --threads 4 -D N=64

#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#ifndef N
#define N 32
#endif
#define ROWS (N / THREADS)

shared [*] double A[N][N];
shared [*] double diag[N];
shared double bad[THREADS];

#define OWNER(r) ((r) / ROWS)

static void init(void)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; &A[i][0])
        for (j = 0; j < N; j++)
            A[i][j] = (i == j) ? N + 1.0 : 1.0 / (1.0 + i + j);
}

static void factor(void)
{
    int k, i, j;
    double pivot, lrow[N];
    for (k = 0; k < N; k++) {
        if (OWNER(k) == MYTHREAD) {
            pivot = sqrt(A[k][k]);
            A[k][k] = pivot;
            for (j = k + 1; j < N; j++)
                A[k][j] /= pivot;
            diag[k] = pivot;
        }
        upc_barrier;
        upc_memget(lrow, &A[k][0], N * sizeof(double));
        upc_forall (i = k + 1; i < N; i++; &A[i][0])
            for (j = i; j < N; j++)
                A[i][j] -= lrow[i] * lrow[j];
        upc_barrier;
    }
}

int main(void)
{
    int i;
    double d;
    init();
    upc_barrier;
    factor();
    bad[MYTHREAD] = 0;
    upc_forall (i = 0; i < N; i++; &diag[i]) {
        d = diag[i];
        if (!(d > 0.0))
            bad[MYTHREAD] += 1;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        d = 0;
        for (i = 0; i < THREADS; i++)
            d += bad[i];
        printf("cholesky %dx%d on %d threads: %s\n", N, N, THREADS, d == 0 ? "passed" : "failed");
    }
    return 0;
}
