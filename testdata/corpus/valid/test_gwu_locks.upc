/* GWU UPC testing-suite style: lock semantics, self-checking.
 * Each thread increments a shared counter under a global lock, then under
 * per-thread locks allocated collectively; upc_lock_attempt is checked. */

#include <upc_strict.h>
#include <stdio.h>
#include <stdlib.h>

#define NITER 100
#define TEST_NAME "lock01"

#define CHECK(cond, msg)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "%s: thread %d: %s (%s:%d)\n", TEST_NAME,      \
                    MYTHREAD, msg, __FILE__, __LINE__);                    \
            errflag = 1;                                                   \
        }                                                                  \
    } while (0)

shared int counter;
shared int per_thread[THREADS];
shared int errs[THREADS];
upc_lock_t *shared global_lock;
upc_lock_t *shared lock_table[THREADS];

static int errflag = 0;

static void test_global_lock(void)
{
    int i;
    upc_lock_t *l;
    if (MYTHREAD == 0) {
        global_lock = upc_global_lock_alloc();
        counter = 0;
    }
    upc_barrier;
    l = global_lock;
    for (i = 0; i < NITER; i++) {
        upc_lock(l);
        counter = counter + 1;
        upc_unlock(l);
    }
    upc_barrier;
    CHECK(counter == NITER * THREADS, "global lock counter mismatch");
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(l);
}

static void test_all_lock_alloc(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    int got = 0, tries = 0;
    upc_barrier;
    /* every thread tries the same lock; exactly one wins the first round */
    while (!got && tries < 1000000) {
        got = upc_lock_attempt(l);
        tries++;
    }
    CHECK(got, "upc_lock_attempt never succeeded");
    per_thread[MYTHREAD] = tries;
    upc_unlock(l);
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        upc_lock_free(l);
}

static void test_lock_table(void)
{
    int i, peer;
    lock_table[MYTHREAD] = upc_global_lock_alloc();
    per_thread[MYTHREAD] = 0;
    upc_barrier;
    for (i = 0; i < THREADS; i++) {
        peer = (MYTHREAD + i) % THREADS;
        upc_lock(lock_table[peer]);
        per_thread[peer] += 1;
        upc_unlock(lock_table[peer]);
    }
    upc_barrier;
    CHECK(per_thread[MYTHREAD] == THREADS, "per-thread lock count mismatch");
    upc_barrier;
    upc_lock_free(lock_table[MYTHREAD]);
}

int main(void)
{
    int i, total = 0;
    test_global_lock();
    test_all_lock_alloc();
    test_lock_table();
    errs[MYTHREAD] = errflag;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            total += errs[i];
        if (total == 0)
            printf("%s: passed\n", TEST_NAME);
        else
            printf("%s: failed (%d threads reported errors)\n", TEST_NAME, total);
    }
    upc_barrier;
    return total != 0;
}
