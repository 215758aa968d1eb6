// Typedefs carrying shared and a layout qualifier; typedefs of pointer-to-shared types.
// expect-all: ok
#include <upc.h>
#include "check.h"
typedef shared [4] int blk_t;
typedef shared [4] int *blk_ptr_t;
typedef shared int *sptr_t;
blk_t data[8 * THREADS];
typedef struct { blk_ptr_t p; int n; } span_t;
int main(void)
{
    int i;
    blk_ptr_t p = data;
    span_t s;
    sptr_t z = NULL;
    for (i = 0; i < 8 * THREADS; i++)
        CHECK_EQ(upc_threadof(p + i), (i / 4) % THREADS);
    upc_forall (i = 0; i < 8 * THREADS; i++; &data[i])
        data[i] = -i;
    upc_barrier;
    s.p = &data[2];
    s.n = 3;
    for (i = 0; i < s.n; i++)
        CHECK_EQ(s.p[i], -(2 + i));
    CHECK(z == NULL);
    CHECK_EQ(upc_blocksizeof(blk_t), 4);
    DONE();
    return 0;
}
