// upc_alloc gives memory with affinity to the caller; upc_global_alloc spreads blocks.
// expect-all: ok
#include <upc.h>
#include "check.h"
int main(void)
{
    int i;
    shared [] double *mine = (shared [] double *)upc_alloc(16 * sizeof(double));
    shared [2] char *g = (shared [2] char *)upc_global_alloc(3 * THREADS, 2);
    shared void *z = upc_alloc(0);
    CHECK_EQ(upc_threadof(mine), MYTHREAD);
    for (i = 0; i < 16; i++)
        mine[i] = i / 2.0;
    for (i = 0; i < 16; i++)
        CHECK(mine[i] == i / 2.0);
    CHECK_EQ(upc_threadof(g), 0);
    CHECK_EQ(upc_threadof(g + 2), 1 % THREADS);
    CHECK_EQ(upc_threadof(g + 5), 2 % THREADS);
    CHECK(z == NULL);
    for (i = 0; i < 50; i++) {
        shared [] int *t = (shared [] int *)upc_alloc(100 * sizeof(int));
        t[99] = i;
        CHECK_EQ(t[99], i);
        upc_free(t);
    }
    upc_free(g);
    upc_free(mine);
    DONE();
    return 0;
}
