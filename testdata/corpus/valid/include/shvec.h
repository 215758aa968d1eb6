/* shvec.h: a small distributed-vector library header with typedefs that
 * carry shared and a layout, inline accessors and configuration macros. */
#ifndef SHVEC_H
#define SHVEC_H

#include <upc.h>
#include <stddef.h>

#ifndef SHVEC_BLOCK
#define SHVEC_BLOCK 16
#endif

typedef double shvec_elem_t;
typedef shared [SHVEC_BLOCK] shvec_elem_t shvec_blk_t;
typedef shvec_blk_t *shvec_ptr_t;
typedef shared [] shvec_elem_t *shvec_local_t;

typedef struct shvec {
    size_t n;
    shvec_ptr_t data;
} shvec_t;

#define SHVEC_OWNER(i) (((i) / SHVEC_BLOCK) % THREADS)
#define SHVEC_FOREACH_LOCAL(v, i) \
    upc_forall (i = 0; i < (v)->n; i++; &(v)->data[i])

static inline shvec_elem_t shvec_get(const shvec_t *v, size_t i) { return v->data[i]; }
static inline void shvec_set(shvec_t *v, size_t i, shvec_elem_t x) { v->data[i] = x; }

int shvec_create(shvec_t *v, size_t n);
void shvec_destroy(shvec_t *v);
shvec_elem_t shvec_dot(const shvec_t *a, const shvec_t *b);

#endif /* SHVEC_H */
