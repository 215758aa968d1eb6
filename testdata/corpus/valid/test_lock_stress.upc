/* Lock stress: locks allocated by every thread, taken in a fixed global order
   to avoid deadlock, and upc_lock_attempt used for an optional fast path. */
#include <upc.h>
#include <stdio.h>

#define ROUNDS 200

upc_lock_t *shared locks[THREADS];
shared long balance[THREADS];

static void transfer(int from, int to, long amount)
{
    int first = from < to ? from : to, second = from < to ? to : from;
    upc_lock(locks[first]);
    if (first != second)
        upc_lock(locks[second]);
    balance[from] -= amount;
    balance[to] += amount;
    if (first != second)
        upc_unlock(locks[second]);
    upc_unlock(locks[first]);
}

int main(void)
{
    int r;
    long total = 0;

    locks[MYTHREAD] = upc_global_lock_alloc();
    balance[MYTHREAD] = 1000;
    upc_barrier;
    for (r = 0; r < ROUNDS; r++) {
        int to = (MYTHREAD * 7 + r) % THREADS;
        if (upc_lock_attempt(locks[to])) {       /* fast path: just peek */
            long b = balance[to];
            upc_unlock(locks[to]);
            (void)b;
        }
        transfer(MYTHREAD, to, r % 5);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        for (r = 0; r < THREADS; r++)
            total += balance[r];
        printf("test_lock_stress: %s\n", total == 1000L * THREADS ? "passed" : "failed");
    }
    upc_barrier;
    upc_lock_free(locks[MYTHREAD]);
    return 0;
}
