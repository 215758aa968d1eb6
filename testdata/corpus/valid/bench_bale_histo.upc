// upclint-flags: -DT_PER_THREAD=1000 -DL_PER_THREAD=256
/*
 * Histogram in the style of the bale kernels: every thread draws random
 * indices into a distributed counts table and increments remotely with
 * atomics; the check compares against a second, lock-free pass.
 */
#include <upc.h>
#include <bupc_extensions.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#ifndef T_PER_THREAD
#define T_PER_THREAD 100000
#endif
#ifndef L_PER_THREAD
#define L_PER_THREAD 1000
#endif

shared int64_t counts[L_PER_THREAD * THREADS];
shared int64_t total_updates[THREADS];

static int64_t *make_indices(int64_t n, int64_t range, unsigned long seed)
{
    int64_t *idx = malloc((size_t)n * sizeof *idx);
    int64_t i;
    if (!idx)
        return NULL;
    for (i = 0; i < n; i++) {
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        idx[i] = (int64_t)((seed >> 17) % (unsigned long)range);
    }
    return idx;
}

static double histo_atomic(const int64_t *index, int64_t n)
{
    bupc_tick_t t0 = bupc_ticks_now();
    int64_t i;
    for (i = 0; i < n; i++)
        bupc_atomicI64_fetchadd_relaxed(&counts[index[i]], 1);
    upc_barrier;
    return (double)bupc_ticks_to_us(bupc_ticks_now() - t0) * 1e-6;
}

int main(void)
{
    const int64_t range = (int64_t)L_PER_THREAD * THREADS;
    int64_t *index = make_indices(T_PER_THREAD, range, 12345UL + (unsigned long)MYTHREAD);
    int64_t i, mine = 0;
    double secs;

    if (index == NULL) {
        fprintf(stderr, "out of memory\n");
        upc_global_exit(1);
    }
    upc_forall (i = 0; i < range; i++; &counts[i])
        counts[i] = 0;
    upc_barrier;

    secs = histo_atomic(index, T_PER_THREAD);

    upc_forall (i = 0; i < range; i++; &counts[i])
        mine += counts[i];
    total_updates[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0) {
        int64_t sum = 0;
        int t;
        for (t = 0; t < THREADS; t++)
            sum += total_updates[t];
        printf("histo_atomic: %8.3f seconds, %s\n", secs,
               sum == (int64_t)T_PER_THREAD * THREADS ? "passed" : "failed");
    }
    free(index);
    return 0;
}
