/* A shared counter protected by a global lock; each thread adds ITERS times. */
#include <upc.h>
#include <stdio.h>

#define ITERS 1000

shared int counter;
upc_lock_t *lock;            /* private copy of a pointer to the same lock */

int main(void)
{
    int i;

    lock = upc_all_lock_alloc();
    if (MYTHREAD == 0)
        counter = 0;
    upc_barrier;

    for (i = 0; i < ITERS; i++) {
        upc_lock(lock);
        counter = counter + 1;
        upc_unlock(lock);
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        printf("counter = %d (expected %d): %s\n", counter, ITERS * THREADS,
               counter == ITERS * THREADS ? "passed" : "failed");
        upc_lock_free(lock);
    }
    return 0;
}
