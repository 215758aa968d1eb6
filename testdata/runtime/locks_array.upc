// One lock per thread in a shared array of lock pointers.
// expect-all: ok
#include <upc.h>
#include "check.h"
upc_lock_t *shared locks[THREADS];
shared int bins[THREADS];
int main(void)
{
    int i, t;
    locks[MYTHREAD] = upc_global_lock_alloc();
    upc_barrier;
    for (i = 0; i < 20; i++) {
        t = (MYTHREAD + i) % THREADS;
        upc_lock(locks[t]);
        bins[t] += 1;
        upc_unlock(locks[t]);
    }
    upc_barrier;
    CHECK_EQ(bins[MYTHREAD], 20);
    upc_barrier;
    upc_lock_free(locks[MYTHREAD]);
    DONE();
    return 0;
}
