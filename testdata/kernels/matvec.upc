// matvec.upc - dense matrix-vector multiply with fine-grained vector reads
// (seed 001, sections 4.3 and 8.3.1, Figures 5 and 13).
//
// The seed's code (Figure 5):
//     shared [N] double mat[ROW*THREADS][N];
//     shared [] double vec[N];
//     for (i = MYTHREAD; i < ROW*THREADS; i += THREADS)
//         for (j = 0; j < N; j++)
//             sum += mat[i][j] * vec[j];
// The matrix is distributed cyclically by rows, so mat[i][j] is local; the
// vector lives on thread 0 (indefinite) or is cyclic, so vec[j] is one remote
// get per iteration of the inner loop. Message coalescing (fetch the vector
// once with upc_memget into a private buffer) made it more than two orders
// of magnitude faster (Figure 13), as fast as the hand-written bulk version.
//
// Under dynamic THREADS a distributed array must mention THREADS in one
// dimension (UPC 1.3 6.5.2.1): the matrix has room for ROWS*THREADS rows and
// the cyclic vector for NC*THREADS elements; the kernel uses ROWS rows and NC
// columns, so the result does not depend on THREADS.
//
// Run: upcc -o matvec matvec.upc && upcrun -n 4 ./matvec   (Berkeley UPC)
//      gupc -o matvec matvec.upc && ./matvec -n 4          (GNU UPC)
// Prints "matvec: indefinite=<checksum> cyclic=<checksum> OK" from thread 0.
//
// expect: finegrain

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#ifndef ROWS
#define ROWS 64
#endif
#ifndef NC
#define NC 1024
#endif

shared [NC] double mat[ROWS * THREADS][NC];    /* one row per block: rows cyclic */
shared [] double vec[NC];                      /* indefinite: all on thread 0 */
shared double cvec[NC * THREADS];              /* cyclic */
shared double y[ROWS * THREADS], yc[ROWS * THREADS];

shared long part[THREADS];
shared long total;

static double mat_value(int i, int j) { return (double)((i * 3 + j) % 11 + 1); }
static double vec_value(int j) { return (double)(j % 7 + 1); }

/* Sum of v over all threads; the result is valid on thread 0. */
static long sum_all(long v)
{
    long r = 0;
    part[MYTHREAD] = v;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        r = total;
    return r;
}

void matvec_indefinite(void)
{
    int i, j;
    for (i = MYTHREAD; i < ROWS; i += THREADS) {
        double sum = 0.0;
        for (j = 0; j < NC; j++)
            sum += mat[i][j] * vec[j]; // want "remote"
        y[i] = sum;
    }
}

void matvec_cyclic(void)
{
    int i, j;
    for (i = MYTHREAD; i < ROWS; i += THREADS) {
        double sum = 0.0;
        for (j = 0; j < NC; j++)
            sum += mat[i][j] * cvec[j]; // want "remote"
        yc[i] = sum;
    }
}

int main(void)
{
    int i, j, k;
    int nrows = (ROWS - MYTHREAD + THREADS - 1) / THREADS;   /* my rows */
    int nvec = (NC - MYTHREAD + THREADS - 1) / THREADS;      /* my part of cvec */
    double *cvl = (double *)&cvec[MYTHREAD];
    double *yl = (double *)&y[MYTHREAD], *ycl = (double *)&yc[MYTHREAD];
    long sum_i = 0, sum_c = 0, bad = 0, ref = 0;

    for (i = MYTHREAD; i < ROWS; i += THREADS) {
        double *row = (double *)&mat[i][0];
        for (j = 0; j < NC; j++)
            row[j] = mat_value(i, j);
    }
    for (k = 0; k < nvec; k++)
        cvl[k] = vec_value(MYTHREAD + k * THREADS);
    if (MYTHREAD == 0) {
        double *vl = (double *)vec;
        for (j = 0; j < NC; j++)
            vl[j] = vec_value(j);
    }
    upc_barrier;

    matvec_indefinite();
    matvec_cyclic();
    upc_barrier;

    /* every thread checks its rows against a sequential recomputation */
    for (k = 0; k < nrows; k++) {
        double want = 0.0;
        i = MYTHREAD + k * THREADS;
        for (j = 0; j < NC; j++)
            want += mat_value(i, j) * vec_value(j);
        sum_i += (long)yl[k];
        sum_c += (long)ycl[k];
        bad += (yl[k] != want) + (ycl[k] != want);
    }
    sum_i = sum_all(sum_i);
    sum_c = sum_all(sum_c);
    bad = sum_all(bad);
    if (MYTHREAD == 0) {
        for (i = 0; i < ROWS; i++)
            for (j = 0; j < NC; j++)
                ref += (long)(mat_value(i, j) * vec_value(j));
        printf("matvec: indefinite=%ld cyclic=%ld %s\n", sum_i, sum_c,
               bad == 0 && sum_i == ref && sum_c == ref ? "OK" : "FAILED");
        if (bad != 0 || sum_i != ref || sum_c != ref)
            return 1;
    }
    return 0;
}
