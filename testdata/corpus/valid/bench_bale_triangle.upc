/* bale-style triangle counting on a distributed sparse matrix, written in
 * plain UPC (no convey, no exstack): rows are dealt cyclically, each
 * thread's nonzeros live in its own block of an upc_all_alloc'ed array. */

#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#define lgp_rand_int64(M) ((int64_t)(rand() % (M)))
#define lgp_barrier() upc_barrier
#define lgp_local_part(t, p) ((t *)(p))
#define lgp_get_int64(arr, idx) ((arr)[idx])
#define lgp_put_int64(arr, idx, v) ((arr)[idx] = (v))
#define T0_printf(...) do { if (MYTHREAD == 0) { printf(__VA_ARGS__); fflush(stdout); } } while (0)

typedef struct sparsemat_t {
    int64_t local;        /* 1 if the matrix is private */
    int64_t numrows;      /* global rows */
    int64_t lnumrows;     /* rows on this thread */
    int64_t numcols;
    int64_t nnz;          /* global nonzeros */
    int64_t lnnz;         /* nonzeros on this thread */
    shared int64_t *offset;   /* THREADS-cyclic: row offsets */
    int64_t *loffset;
    shared int64_t *nonzero;  /* blocks of maxlnnz per thread */
    int64_t *lnonzero;
    int64_t maxlnnz;
} sparsemat_t;

shared int64_t nnz_all[THREADS];
shared int64_t max_all;
shared int64_t sum_all;

static int64_t lgp_reduce_add_l(int64_t v)
{
    static shared int64_t in[THREADS];
    static shared int64_t out;
    in[MYTHREAD] = v;
    upc_all_reduceL(&out, in, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return out;
}

static int64_t lgp_reduce_max_l(int64_t v)
{
    static shared int64_t in[THREADS];
    static shared int64_t out;
    in[MYTHREAD] = v;
    upc_all_reduceL(&out, in, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return out;
}

static sparsemat_t *init_matrix(int64_t numrows, int64_t numcols, int64_t nnz_this_thread)
{
    sparsemat_t *mat = calloc(1, sizeof(sparsemat_t));
    if (mat == NULL)
        return NULL;
    mat->local = 0;
    mat->numrows = numrows;
    mat->lnumrows = (numrows + THREADS - MYTHREAD - 1) / THREADS;
    mat->numcols = numcols;
    mat->offset = upc_all_alloc((numrows + THREADS - 1) / THREADS + 1, THREADS * sizeof(int64_t));
    mat->loffset = lgp_local_part(int64_t, mat->offset + MYTHREAD);
    mat->maxlnnz = lgp_reduce_max_l(nnz_this_thread);
    mat->nonzero = upc_all_alloc(mat->maxlnnz * THREADS, sizeof(int64_t));
    mat->lnonzero = lgp_local_part(int64_t, mat->nonzero + MYTHREAD);
    mat->nnz = lgp_reduce_add_l(nnz_this_thread);
    mat->lnnz = nnz_this_thread;
    return mat;
}

static void clear_matrix(sparsemat_t *mat)
{
    upc_all_free(mat->nonzero);
    upc_all_free(mat->offset);
}

/* lower-triangular Erdos-Renyi-like graph: row r has edges to some c < r */
static sparsemat_t *gen_lower(int64_t n, int64_t deg, unsigned seed)
{
    int64_t i, row, k, cnt = 0;
    sparsemat_t *L;
    srand(seed + MYTHREAD);
    for (row = MYTHREAD; row < n; row += THREADS)
        cnt += row < deg ? row : deg;
    L = init_matrix(n, n, cnt);
    if (L == NULL)
        upc_global_exit(2);
    L->loffset[0] = 0;
    for (i = 0, row = MYTHREAD; row < n; row += THREADS, i++) {
        int64_t d = row < deg ? row : deg;
        L->loffset[i + 1] = L->loffset[i] + d;
        for (k = 0; k < d; k++)
            L->lnonzero[L->loffset[i] + k] = (row - 1 - k * 7) < 0 ? k : (row - 1 - k * 7) % (row ? row : 1);
    }
    lgp_barrier();
    return L;
}

/* count triangles: for each edge (r,c) count |row(r) ∩ row(c)| */
static int64_t triangles_agp(sparsemat_t *L)
{
    int64_t cnt = 0, l_i, j, k, kk, ri, pos, pos_end;
    for (l_i = 0; l_i < L->lnumrows; l_i++) {
        for (k = L->loffset[l_i]; k < L->loffset[l_i + 1]; k++) {
            int64_t w = L->lnonzero[k];
            int64_t wpe = w % THREADS;
            int64_t wrow = w / THREADS;
            pos = lgp_get_int64(L->offset, wrow * THREADS + wpe);
            pos_end = lgp_get_int64(L->offset, (wrow + 1) * THREADS + wpe);
            for (kk = pos; kk < pos_end; kk++) {
                ri = lgp_get_int64(L->nonzero, kk * THREADS + wpe);
                for (j = L->loffset[l_i]; j < L->loffset[l_i + 1]; j++)
                    if (L->lnonzero[j] == ri)
                        cnt++;
            }
        }
    }
    lgp_barrier();
    return lgp_reduce_add_l(cnt);
}

int main(int argc, char *argv[])
{
    int64_t n = 1000, deg = 8, tri;
    sparsemat_t *L;
    int opt;
    for (opt = 1; opt < argc; opt++) {
        if (strcmp(argv[opt], "-n") == 0 && opt + 1 < argc)
            n = atol(argv[++opt]);
        else if (strcmp(argv[opt], "-d") == 0 && opt + 1 < argc)
            deg = atol(argv[++opt]);
    }
    T0_printf("Running triangle on %d threads\n", THREADS);
    T0_printf("rows %ld, degree %ld\n", (long)n, (long)deg);
    L = gen_lower(n, deg, 12345);
    nnz_all[MYTHREAD] = L->lnnz;
    tri = triangles_agp(L);
    T0_printf("%ld nonzeros, %ld triangles\n", (long)L->nnz, (long)tri);
    clear_matrix(L);
    free(L);
    lgp_barrier();
    return 0;
}
