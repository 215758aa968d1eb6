// upclint-flags: -DN=8
/* Multi-dimensional shared arrays: row-major flattening decides affinity. */
#include <upc.h>
#include <stdio.h>

#ifndef N
#define N 4
#endif

shared [N] double A[N][N * THREADS];      /* blocks of N along each row */
shared double Bc[N * THREADS][N];         /* cyclic over the flattened index */
shared [N * N] int C[THREADS][N][N];      /* one N x N plane per thread */
shared int errors[THREADS];

int main(void)
{
    int i, j, k, e = 0;

    for (i = 0; i < N; i++)
        for (j = 0; j < N * THREADS; j++) {
            size_t flat = (size_t)i * N * THREADS + j;
            if (upc_threadof(&A[i][j]) != (flat / N) % THREADS)
                e++;
        }
    for (i = 0; i < N * THREADS; i++)
        for (j = 0; j < N; j++)
            if (upc_threadof(&Bc[i][j]) != (size_t)((i * N + j) % THREADS))
                e++;
    upc_forall (k = 0; k < THREADS; k++; &C[k][0][0])
        for (i = 0; i < N; i++)
            for (j = 0; j < N; j++) {
                int *local = (int *)&C[k][i][j];
                *local = k;
            }
    upc_barrier;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            if (C[(MYTHREAD + 1) % THREADS][i][j] != (MYTHREAD + 1) % THREADS)
                e++;
    errors[MYTHREAD] = e;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 1; i < THREADS; i++)
            e += errors[i];
        printf("test_layout_multidim: %s\n", e ? "failed" : "passed");
    }
    return 0;
}
