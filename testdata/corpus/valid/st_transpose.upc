// upclint-flags: --threads 8 -DN=128
/* Out-of-place transpose with row slabs; each thread gathers its columns. */
#include <upc.h>
#include <stdio.h>

#ifndef N
#define N 64
#endif
#define ROWS (N / THREADS)

shared [ROWS * N] float in[N][N];
shared [ROWS * N] float out[N][N];

int main(void)
{
    int i, j, bad = 0;
    float col[N];

    upc_forall (i = 0; i < N; i++; &in[i][0])
        for (j = 0; j < N; j++)
            in[i][j] = (float)(i * N + j);
    upc_barrier;
    upc_forall (i = 0; i < N; i++; &out[i][0]) {
        for (j = 0; j < N; j++)
            col[j] = in[j][i];          /* remote, strided: the slow part */
        upc_memput(&out[i][0], col, sizeof col);
    }
    upc_barrier;
    for (i = MYTHREAD * ROWS; i < (MYTHREAD + 1) * ROWS; i++)
        for (j = 0; j < N; j++)
            if (out[i][j] != (float)(j * N + i))
                bad++;
    printf("thread %d: st_transpose %s\n", MYTHREAD, bad ? "failed" : "passed");
    return 0;
}
