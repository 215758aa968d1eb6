// upc_global_alloc: blocks round-robin over threads; upc_free by another thread.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [3] int *shared gp;
int main(void)
{
    int i;
    if (MYTHREAD == THREADS - 1)
        gp = (shared [3] int *)upc_global_alloc(2 * THREADS, 3 * sizeof(int));
    upc_barrier;
    CHECK(gp != NULL);
    for (i = 0; i < 6 * THREADS; i++)
        CHECK_EQ(upc_threadof(&gp[i]), (i / 3) % THREADS);
    upc_forall (i = 0; i < 6 * THREADS; i++; &gp[i])
        gp[i] = i;
    upc_barrier;
    for (i = 0; i < 6 * THREADS; i++)
        CHECK_EQ(gp[i], i);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(gp);
    DONE();
    return 0;
}
