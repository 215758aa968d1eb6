/* dist_vec.h: a distributed vector of doubles with a run-time block size. */
#ifndef DIST_VEC_H
#define DIST_VEC_H

#include <upc.h>
#include <stddef.h>

typedef struct dist_vec {
    size_t n;                  /* global length */
    size_t nlocal;             /* elements per thread */
    shared [] double *shared *rows;   /* unused by most callers: per-thread rows */
    shared void *base;         /* upc_all_alloc'ed storage, THREADS blocks */
} dist_vec_t;

#ifdef __cplusplus
extern "C" {
#endif

dist_vec_t *dv_create(size_t nlocal);
void dv_destroy(dist_vec_t *v);
double *dv_local(const dist_vec_t *v);
shared [] double *dv_block(const dist_vec_t *v, int thread);
double dv_get(const dist_vec_t *v, size_t i);
void dv_fill(dist_vec_t *v, double (*f)(size_t));
double dv_dot(const dist_vec_t *a, const dist_vec_t *b);

#ifdef __cplusplus
}
#endif

#endif /* DIST_VEC_H */
