/* upc_lock_attempt: a thread that fails to get the lock counts its retries. */
#include <upc.h>
#include <stdio.h>
#include <unistd.h>

upc_lock_t *shared the_lock;             /* shared pointer, set by thread 0 */
shared int owner = -1;
shared int attempts[THREADS];

int main(void)
{
    int tries = 0;
    upc_lock_t *l;

    if (MYTHREAD == 0)
        the_lock = upc_global_lock_alloc();
    upc_barrier;
    l = the_lock;

    while (!upc_lock_attempt(l)) {
        tries++;
        if (tries % 100 == 0)
            usleep(10);
    }
    if (owner != -1) {
        printf("thread %d: lock held by %d while I own it: failed\n", MYTHREAD, owner);
    }
    owner = MYTHREAD;
    owner = -1;
    upc_unlock(l);
    attempts[MYTHREAD] = tries;
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, sum = 0;
        for (t = 0; t < THREADS; t++)
            sum += attempts[t];
        printf("test_lock_attempt: passed (%d failed attempts)\n", sum);
        upc_lock_free(l);
    }
    return 0;
}
