// upclint-flags: -DN=64
/* A matrix multiply written for static THREADS, compiled with dynamic
   THREADS: the row-blocked arrays have no THREADS in their size. */
#include <upc.h>
#include <stdio.h>

#ifndef N
#define N 32
#endif

shared [N] double A[N][N];                     // want "THREADS must appear exactly once"
shared [N] double B[N][N * THREADS];           /* fine */
shared [N] double C[N * THREADS][N];           /* fine */

int main(void)
{
    int i, j, k;
    upc_forall (i = 0; i < N; i++; &A[i][0])
        for (j = 0; j < N; j++)
            A[i][j] = i + j;
    upc_barrier;
    upc_forall (i = 0; i < N; i++; &C[i][0])
        for (j = 0; j < N; j++) {
            double s = 0;
            for (k = 0; k < N; k++)
                s += A[i][k] * B[k][j];
            C[i][j] = s;
        }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%f\n", C[0][0]);
    return 0;
}
