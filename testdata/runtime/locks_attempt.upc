// upc_lock_attempt succeeds on a free lock and fails on a held one.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int turns;
int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    upc_lock_t *g;
    if (MYTHREAD == 0) {
        CHECK_EQ(upc_lock_attempt(l), 1);
        turns = 1;
    }
    upc_barrier;
    if (MYTHREAD != 0)
        CHECK_EQ(upc_lock_attempt(l), 0);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_unlock(l);
    upc_barrier;
    while (!upc_lock_attempt(l))
        ;
    turns++;
    upc_unlock(l);
    g = upc_global_lock_alloc();
    upc_lock(g);
    upc_unlock(g);
    upc_lock_free(g);
    upc_barrier;
    CHECK_EQ(turns, THREADS + 1);
    upc_barrier;
    upc_all_lock_free(l);
    DONE();
    return 0;
}
