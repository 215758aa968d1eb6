/* Implementation and driver of the shvec library: collective creation
 * with upc_all_alloc, owner-computes loops through a macro, a dot product
 * with a collective reduction and a blocked copy through local pointers. */
// upclint-flags: -I include -D SHVEC_BLOCK=8

#include "shvec.h"
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

static shared shvec_elem_t partial[THREADS];
static shared shvec_elem_t dot_result;

int shvec_create(shvec_t *v, size_t n)
{
    size_t nblocks = (n + SHVEC_BLOCK - 1) / SHVEC_BLOCK;
    v->n = n;
    v->data = (shvec_ptr_t)upc_all_alloc(nblocks, SHVEC_BLOCK * sizeof(shvec_elem_t));
    return v->data != NULL;
}

void shvec_destroy(shvec_t *v)
{
    upc_all_free(v->data);
    v->data = NULL;
    v->n = 0;
}

shvec_elem_t shvec_dot(const shvec_t *a, const shvec_t *b)
{
    size_t i;
    shvec_elem_t s = 0;
    SHVEC_FOREACH_LOCAL(a, i)
        s += a->data[i] * b->data[i];
    partial[MYTHREAD] = s;
    upc_all_reduceD(&dot_result, partial, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return dot_result;
}

static void shvec_scale_local(shvec_t *v, shvec_elem_t alpha)
{
    size_t blk, j;
    for (blk = MYTHREAD; blk * SHVEC_BLOCK < v->n; blk += THREADS) {
        shvec_elem_t *p = (shvec_elem_t *)&v->data[blk * SHVEC_BLOCK];
        for (j = 0; j < SHVEC_BLOCK && blk * SHVEC_BLOCK + j < v->n; j++)
            p[j] *= alpha;
    }
}

int main(void)
{
    shvec_t a, b;
    size_t i, n = 100 * THREADS;
    shvec_elem_t d;
    if (!shvec_create(&a, n) || !shvec_create(&b, n)) {
        if (MYTHREAD == 0)
            fprintf(stderr, "allocation failed\n");
        upc_global_exit(1);
    }
    SHVEC_FOREACH_LOCAL(&a, i) {
        shvec_set(&a, i, 1.0);
        shvec_set(&b, i, (shvec_elem_t)(i % 3));
    }
    upc_barrier;
    shvec_scale_local(&b, 2.0);
    upc_barrier;
    d = shvec_dot(&a, &b);
    if (MYTHREAD == 0)
        printf("dot = %g, owner of 17 = %d, first = %g\n", d, (int)SHVEC_OWNER(17), shvec_get(&b, 1));
    upc_barrier;
    shvec_destroy(&a);
    shvec_destroy(&b);
    return 0;
}
