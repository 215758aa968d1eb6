/* Parameters of pointer-to-shared types: blocked 2-D rows, pointers to shared
   arrays, function pointers over shared data, const and restrict on them. */
#include <upc.h>
#include <stdio.h>

#define K 8

shared [K] double field[K * THREADS][K];
shared [K] double other[K * THREADS][K];

typedef double (*reducer_t)(shared [K] const double *row, int n);

static double row_max(shared [K] const double *row, int n)
{
    double m = row[0];
    int i;
    for (i = 1; i < n; i++)
        if (row[i] > m)
            m = row[i];
    return m;
}

static double row_sum(shared [K] const double *row, int n)
{
    double s = 0;
    while (n-- > 0)
        s += *row++;
    return s;
}

/* a is a pointer to rows of K elements, like a 2-D array parameter */
static void fill(shared [K] double (*a)[K], int nrows, double v)
{
    int i, j;
    upc_forall (i = 0; i < nrows; i++; &a[i][0])
        for (j = 0; j < K; j++)
            a[i][j] = v + j;
}

static void copy_rows(shared [K] double (*restrict dst)[K],
                      shared [K] double (*restrict src)[K], int nrows)
{
    int i;
    upc_forall (i = 0; i < nrows; i++; &dst[i][0])
        upc_memcpy(&dst[i][0], &src[i][0], K * sizeof(double));
}

static double apply(reducer_t f, shared [K] double (*a)[K], int row)
{
    return f(&a[row][0], K);
}

int main(void)
{
    reducer_t fs[2] = { row_max, &row_sum };
    double m, s;

    fill(field, K * THREADS, 1.0);
    upc_barrier;
    copy_rows(other, field, K * THREADS);
    upc_barrier;
    m = apply(fs[0], other, MYTHREAD);
    s = (*fs[1])(&other[MYTHREAD][0], K);
    printf("thread %d: syn_shared_params %s\n", MYTHREAD,
           m == K && s == K + K * (K - 1) / 2.0 ? "passed" : "failed");
    return 0;
}
