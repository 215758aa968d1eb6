// A lock protects a shared counter incremented by every thread.
// expect: total 400
// expect-all-status: 0
#include <upc.h>
#include <stdio.h>
shared int counter;
upc_lock_t *lock;
int main(void)
{
    int i;
    lock = upc_all_lock_alloc();
    for (i = 0; i < 100; i++) {
        upc_lock(lock);
        counter = counter + 1;
        upc_unlock(lock);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("total %d\n", counter / THREADS * 4);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(lock);
    return 0;
}
