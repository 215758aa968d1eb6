// upc_all_alloc: the same pointer on every thread, blocks round-robin.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [4] int *shared keep;
int main(void)
{
    int i;
    shared [4] int *p = (shared [4] int *)upc_all_alloc(THREADS * 2, 4 * sizeof(int));
    if (MYTHREAD == 0)
        keep = p;
    upc_forall (i = 0; i < 8 * THREADS; i++; &p[i])
        p[i] = i;
    upc_barrier;
    CHECK(keep == p);
    for (i = 0; i < 8 * THREADS; i++) {
        CHECK_EQ(p[i], i);
        CHECK_EQ(upc_threadof(&p[i]), (i / 4) % THREADS);
    }
    upc_barrier;
    upc_all_free(p);
    DONE();
    return 0;
}
