// upclint-flags: --threads 4 -DNROWS=256
/* Sparse matrix-vector product in CSR form: each thread owns a slab of rows
   (private CSR arrays) and reads x from a shared vector. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NROWS
#define NROWS 128
#endif
#define LROWS (NROWS / THREADS)
#define NNZ_PER_ROW 3

shared [LROWS] double x[NROWS];
shared [LROWS] double y[NROWS];

struct csr {
    int nrows;
    int *rowptr;
    int *col;
    double *val;
};

static struct csr build_tridiag(int first, int n)
{
    struct csr m;
    int r, k = 0;
    m.nrows = n;
    m.rowptr = malloc((size_t)(n + 1) * sizeof(int));
    m.col = malloc((size_t)n * NNZ_PER_ROW * sizeof(int));
    m.val = malloc((size_t)n * NNZ_PER_ROW * sizeof(double));
    for (r = 0; r < n; r++) {
        int g = first + r, d;
        m.rowptr[r] = k;
        for (d = -1; d <= 1; d++) {
            if (g + d < 0 || g + d >= NROWS)
                continue;
            m.col[k] = g + d;
            m.val[k] = d == 0 ? 2.0 : -1.0;
            k++;
        }
    }
    m.rowptr[n] = k;
    return m;
}

static void spmv(const struct csr *m, int first)
{
    int r, k;
    for (r = 0; r < m->nrows; r++) {
        double s = 0.0;
        for (k = m->rowptr[r]; k < m->rowptr[r + 1]; k++)
            s += m->val[k] * x[m->col[k]];
        y[first + r] = s;
    }
}

int main(void)
{
    const int first = MYTHREAD * LROWS;
    struct csr m = build_tridiag(first, LROWS);
    int i, ok = 1;

    upc_forall (i = 0; i < NROWS; i++; &x[i])
        x[i] = 1.0;
    upc_barrier;
    spmv(&m, first);
    upc_barrier;
    upc_forall (i = 0; i < NROWS; i++; &y[i])
        if (y[i] != ((i == 0 || i == NROWS - 1) ? 1.0 : 0.0))
            ok = 0;
    printf("thread %d: st_spmv %s\n", MYTHREAD, ok ? "passed" : "failed");
    free(m.rowptr);
    free(m.col);
    free(m.val);
    return 0;
}
