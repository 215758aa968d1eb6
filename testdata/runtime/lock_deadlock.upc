// Thread 0 keeps a lock and waits at a barrier while the others wait for the lock: a deadlock.
// threads: 2 3 4
// expect-error: deadlock
#include <upc.h>
upc_lock_t *shared l;
int main(void)
{
    if (MYTHREAD == 0)
        l = upc_global_lock_alloc();
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock(l);
    upc_barrier;
    if (MYTHREAD != 0)
        upc_lock(l);
    upc_barrier;
    return 0;
}
