// indefinite_vec.upc - matrix-vector product reading an indefinite vector
// (shared []: all on thread 0) element by element: one upc_memget of the
// whole vector before the loop nest, into a stack buffer.
#include <upc_relaxed.h>
#include <stdio.h>

#define ROWS 16
#define NC 256

shared [NC] double mat[ROWS * THREADS][NC];
shared [] double vec[NC];
shared double y[ROWS * THREADS];

void matvec(void)
{
    int i, j;
    for (i = MYTHREAD; i < ROWS; i += THREADS) {
        double sum = 0.0;
        /* the inner product of row i */
        for (j = 0; j < NC; j++)
            sum += mat[i][j] * vec[j];
        y[i] = sum;
    }
}

int main(void)
{
    int i, j;
    long check = 0;
    for (i = MYTHREAD; i < ROWS; i += THREADS)
        for (j = 0; j < NC; j++)
            mat[i][j] = (i + 2 * j) % 9;
    if (MYTHREAD == 0) {
        double *v = (double *)vec; /* thread 0 owns vec */
        for (j = 0; j < NC; j++)
            v[j] = j % 5 + 1;
    }
    upc_barrier;
    matvec();
    upc_barrier;
    for (i = MYTHREAD; i < ROWS; i += THREADS)
        check += (long)y[i] * (i + 1);
    printf("thread %d: check=%ld\n", MYTHREAD, check);
    return 0;
}
