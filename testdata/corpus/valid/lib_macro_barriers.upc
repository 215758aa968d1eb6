// upclint-flags: -I include
/* A program written against the macro layer in upc_compat.h: every UPC
   statement hides behind a macro. */
#include "upc_compat.h"
#include <string.h>

#define N_PER 16

shared int vals[N_PER * THREADS];
shared long sums[THREADS];
upc_lock_t *shared biglock;

static long local_sum(void)
{
    long s = 0;
    int i;
    FOR_MINE(i, N_PER * NPES, &vals[i])
        s += vals[i];
    return s;
}

int main(void)
{
    int i;
    long total = 0;

    if (IS_ROOT())
        biglock = upc_global_lock_alloc();
    FOR_MINE(i, N_PER * NPES, i)
        vals[i] = i;
    BARRIER();

    sums[MYPE] = local_sum();
    NOTIFY();
    memset(&total, 0, sizeof total);
    WAIT();

    LOCK(biglock);
    for (i = 0; i < NPES; i++)
        total += sums[i];
    UNLOCK(biglock);
    FENCE();
    BARRIER_ID(7);

    {
        long n = (long)N_PER * NPES;
        if (total != n * (n - 1) / 2)
            DIE("wrong sum");
    }
    FOR_ALL(i, 1)
        ROOT_PRINTF("lib_macro_barriers (%s THREADS): passed\n", THREADS_MODE);
    BARRIER();
    if (IS_ROOT())
        upc_lock_free(biglock);
    return 0;
}
