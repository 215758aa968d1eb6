// UPC 1.2 code frees locks with upc_free (upc_lock_free came in UPC 1.3):
// a warning, and the lock is freed (allocating many does not exhaust the heap).
// expect-warning: lock-free
// expect: ok
#include <upc.h>
#include <stdio.h>
shared int counter;
int main(void)
{
    int i;
    upc_lock_t *all = upc_all_lock_alloc();
    upc_lock(all);
    counter++;
    upc_unlock(all);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(all);
    for (i = 0; i < 100000; i++) {
        upc_lock_t *l = upc_global_lock_alloc();
        upc_lock(l);
        upc_unlock(l);
        upc_free(l);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf(counter == THREADS ? "ok\n" : "FAILED %d\n", counter);
    return 0;
}
