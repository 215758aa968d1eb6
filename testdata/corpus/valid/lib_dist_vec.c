// upclint-flags: -I include
/*
 * dist_vec.c: implementation of the distributed vector (UPC in a .c file,
 * built with the UPC compiler). Collective functions are marked.
 */
#include "dist_vec.h"
#include <upc_collective.h>
#include <stdlib.h>
#include <stdio.h>

static shared double dot_partial[THREADS];
static shared double dot_total;

/* collective */
dist_vec_t *dv_create(size_t nlocal)
{
    dist_vec_t *v = malloc(sizeof *v);
    if (v == NULL)
        return NULL;
    v->n = nlocal * THREADS;
    v->nlocal = nlocal;
    v->rows = NULL;
    v->base = upc_all_alloc(THREADS, nlocal * sizeof(double));
    return v;
}

/* collective */
void dv_destroy(dist_vec_t *v)
{
    upc_all_free(v->base);
    free(v);
}

shared [] double *dv_block(const dist_vec_t *v, int thread)
{
    /* a pointer to char advances one thread per element, keeping the address */
    return (shared [] double *)((shared char *)v->base + thread);
}

double *dv_local(const dist_vec_t *v)
{
    return (double *)dv_block(v, MYTHREAD);
}

double dv_get(const dist_vec_t *v, size_t i)
{
    return dv_block(v, (int)(i / v->nlocal))[i % v->nlocal];
}

void dv_fill(dist_vec_t *v, double (*f)(size_t))
{
    double *mine = dv_local(v);
    size_t k, first = (size_t)MYTHREAD * v->nlocal;
    for (k = 0; k < v->nlocal; k++)
        mine[k] = f(first + k);
}

/* collective */
double dv_dot(const dist_vec_t *a, const dist_vec_t *b)
{
    const double *x = dv_local(a), *y = dv_local(b);
    double s = 0.0;
    size_t k;
    for (k = 0; k < a->nlocal; k++)
        s += x[k] * y[k];
    dot_partial[MYTHREAD] = s;
    upc_all_reduceD(&dot_total, dot_partial, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return dot_total;
}

/* the self-test is built unless the library is linked into something else */
#ifndef DIST_VEC_NO_MAIN
static double ones(size_t i) { (void)i; return 1.0; }
static double ident(size_t i) { return (double)i; }

int main(void)
{
    dist_vec_t *a = dv_create(100), *b = dv_create(100);
    double d;

    if (!a || !b)
        upc_global_exit(1);
    dv_fill(a, ones);
    dv_fill(b, ident);
    upc_barrier;
    d = dv_dot(a, b);
    if (MYTHREAD == 0)
        printf("dist_vec: dot = %.0f, b[5] = %.0f: %s\n", d, dv_get(b, 5),
               d == (100.0 * THREADS) * (100.0 * THREADS - 1) / 2 ? "passed" : "failed");
    dv_destroy(a);
    dv_destroy(b);
    return 0;
}
#endif
