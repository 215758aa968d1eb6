// Waiting on a semaphore that nobody posts is reported as a deadlock.
// expect-error: deadlock
#include <upc.h>
#include <bupc_extensions.h>
int main(void)
{
    bupc_sem_t *s = bupc_sem_alloc(BUPC_SEM_INTEGER);
    bupc_sem_wait(s);
    return 0;
}
