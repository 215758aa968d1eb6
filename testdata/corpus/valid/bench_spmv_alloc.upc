/* CSR sparse matrix-vector product with dynamically allocated shared
 * arrays (upc_all_alloc, upc_global_alloc), a directory of per-thread
 * row blocks and a gathered copy of the source vector. */

#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS_PER_THREAD 128
#define NNZ_PER_ROW 5

typedef struct {
    int nrows;
    int nnz;
    shared [] int *rowptr;
    shared [] int *colidx;
    shared [] double *val;
} csr_block_t;

shared csr_block_t dir[THREADS];
shared double *x;        /* cyclic vector, upc_all_alloc'ed */
shared double *y;
shared [] double *shared xcopy;
shared double checks[THREADS];
shared double check_all;

static void build_block(void)
{
    int r, k, n = ROWS_PER_THREAD, g;
    csr_block_t b;
    b.nrows = n;
    b.nnz = n * NNZ_PER_ROW;
    b.rowptr = (shared [] int *)upc_alloc((n + 1) * sizeof(int));
    b.colidx = (shared [] int *)upc_alloc(b.nnz * sizeof(int));
    b.val = (shared [] double *)upc_alloc(b.nnz * sizeof(double));
    if (!b.rowptr || !b.colidx || !b.val) {
        fprintf(stderr, "thread %d: out of shared memory\n", MYTHREAD);
        upc_global_exit(1);
    }
    {
        int *rp = (int *)b.rowptr, *ci = (int *)b.colidx;
        double *v = (double *)b.val;
        rp[0] = 0;
        for (r = 0; r < n; r++) {
            g = MYTHREAD * n + r;
            for (k = 0; k < NNZ_PER_ROW; k++) {
                ci[r * NNZ_PER_ROW + k] = (g + k * 7) % (n * THREADS);
                v[r * NNZ_PER_ROW + k] = 1.0 / (k + 1);
            }
            rp[r + 1] = (r + 1) * NNZ_PER_ROW;
        }
    }
    dir[MYTHREAD] = b;
}

static void spmv(void)
{
    csr_block_t b = dir[MYTHREAD];
    int *rp = (int *)b.rowptr, *ci = (int *)b.colidx;
    double *v = (double *)b.val, *xl, s;
    int r, k;
    xl = (double *)xcopy;
    if (MYTHREAD != 0) {
        xl = malloc(ROWS_PER_THREAD * THREADS * sizeof(double));
        upc_memget(xl, xcopy, ROWS_PER_THREAD * THREADS * sizeof(double));
    }
    for (r = 0; r < b.nrows; r++) {
        s = 0.0;
        for (k = rp[r]; k < rp[r + 1]; k++)
            s += v[k] * xl[ci[k]];
        y[(MYTHREAD * ROWS_PER_THREAD + r)] = s;
    }
    if (MYTHREAD != 0)
        free(xl);
}

int main(void)
{
    int i;
    double s = 0.0;
    x = upc_all_alloc(ROWS_PER_THREAD * THREADS, sizeof(double));
    y = upc_all_alloc(ROWS_PER_THREAD * THREADS, sizeof(double));
    if (MYTHREAD == 0)
        xcopy = (shared [] double *)upc_alloc(ROWS_PER_THREAD * THREADS * sizeof(double));
    build_block();
    upc_forall (i = 0; i < ROWS_PER_THREAD * THREADS; i++; &x[i])
        x[i] = 1.0;
    upc_barrier;
    if (MYTHREAD == 0)
        for (i = 0; i < ROWS_PER_THREAD * THREADS; i++)
            xcopy[i] = x[i];
    upc_barrier;
    spmv();
    upc_barrier;
    upc_forall (i = 0; i < ROWS_PER_THREAD * THREADS; i++; &y[i])
        s += y[i];
    checks[MYTHREAD] = s;
    upc_all_reduceD(&check_all, checks, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("spmv checksum %.6f\n", check_all);
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_free(x);
        upc_free(y);
    }
    return 0;
}
