// upc_all_lock_alloc gives every thread the same lock; upc_global_lock_alloc distinct ones.
// expect-all: ok
#include <upc.h>
#include "check.h"
upc_lock_t *shared locks[THREADS];
upc_lock_t *shared common;
int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int i;
    if (MYTHREAD == 0)
        common = l;
    locks[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    CHECK(common == l);
    for (i = 0; i < THREADS; i++)
        if (i != MYTHREAD)
            CHECK(locks[i] != locks[MYTHREAD]);
    upc_lock(locks[(MYTHREAD + 1) % THREADS]);
    upc_unlock(locks[(MYTHREAD + 1) % THREADS]);
    upc_barrier;
    upc_lock_free(locks[MYTHREAD]);
    upc_barrier;
    upc_all_lock_free(l);
    DONE();
    return 0;
}
