/* Gathering a column of a row-blocked matrix with one upc_memget per row, and
   with bupc strided copies when available. */
#include <upc.h>
#include <bupc_extensions.h>
#include <stdio.h>

#define NC 16
#define ROWS_PER 4

shared [ROWS_PER * NC] double mat[ROWS_PER * THREADS][NC];

int main(void)
{
    double col_a[ROWS_PER], col_b[ROWS_PER];
    int i, j, owner = (MYTHREAD + 1) % THREADS, ok = 1;
    size_t srcstride[1] = { NC * sizeof(double) };
    size_t dststride[1] = { sizeof(double) };
    size_t count[2] = { sizeof(double), ROWS_PER };

    upc_forall (i = 0; i < ROWS_PER * THREADS; i++; &mat[i][0])
        for (j = 0; j < NC; j++)
            mat[i][j] = i * 100 + j;
    upc_barrier;

    for (i = 0; i < ROWS_PER; i++)
        upc_memget(&col_a[i], &mat[owner * ROWS_PER + i][3], sizeof(double));
    bupc_memget_strided(col_b, dststride, &mat[owner * ROWS_PER][3], srcstride, count, 1);
    for (i = 0; i < ROWS_PER; i++)
        if (col_a[i] != col_b[i] || col_a[i] != (owner * ROWS_PER + i) * 100 + 3)
            ok = 0;
    printf("thread %d: test_upc_memget_strided %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
