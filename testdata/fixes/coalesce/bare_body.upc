// bare_body.upc - the loop to coalesce is the whole body of another
// statement, without braces, as nested loops often are written: the
// stencil's inner loop under a upc_forall over rows in blocks of four, and
// a sum under an if. The rewrite brings its own braces.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 32
#define ROWS (8 * THREADS)

shared [4 * N] double a[ROWS][N];
shared [4 * N] double c[ROWS][N];

int main(void)
{
    int i, j;
    double s = 0.0;
    upc_forall (i = 0; i < ROWS; i++; &a[i][0])
        for (j = 0; j < N; j++)
            a[i][j] = (i * 7 + j * 3) % 13;
    upc_barrier;
    upc_forall (i = 1; i < ROWS - 1; i++; &c[i][0])
        for (j = 0; j < N; j++)
            c[i][j] = a[i - 1][j] + a[i + 1][j] - 2 * a[i][j];
    upc_barrier;
    if (MYTHREAD == 0)
        for (j = 0; j < N; j++)
            s += c[ROWS - 2][j] * c[ROWS - 3][j]; /* two rows of the last block */
    printf("thread %d: %.1f\n", MYTHREAD, s);
    return 0;
}
