/*
 * Index gather (bale "ig"): tgt[i] = table[index[i]] where table is a
 * distributed array.  Three variants: fine-grained gets, asynchronous gets in
 * batches, and a check.
 */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#define REQ_PER_THREAD 2048
#define TAB_PER_THREAD 512
#define BATCH 64

shared int64_t table[TAB_PER_THREAD * THREADS];

static void ig_generic(int64_t *tgt, const int64_t *index, int64_t n)
{
    int64_t i;
    for (i = 0; i < n; i++)
        tgt[i] = table[index[i]];
}

static void ig_nb(int64_t *tgt, const int64_t *index, int64_t n)
{
    upc_handle_t h[BATCH];
    int64_t i, b;
    for (i = 0; i < n; i += BATCH) {
        int64_t m = n - i < BATCH ? n - i : BATCH;
        for (b = 0; b < m; b++)
            h[b] = upc_memget_nb(&tgt[i + b], &table[index[i + b]], sizeof(int64_t));
        for (b = 0; b < m; b++)
            upc_sync(h[b]);
    }
}

static void ig_nbi(int64_t *tgt, const int64_t *index, int64_t n)
{
    int64_t i;
    for (i = 0; i < n; i++)
        upc_memget_nbi(tgt + i, table + index[i], sizeof *tgt);
    upc_synci();
}

int main(void)
{
    int64_t *index = malloc(REQ_PER_THREAD * sizeof(int64_t));
    int64_t *t1 = malloc(REQ_PER_THREAD * sizeof(int64_t));
    int64_t *t2 = calloc(REQ_PER_THREAD, sizeof(int64_t));
    int64_t *t3 = calloc(REQ_PER_THREAD, sizeof(int64_t));
    const int64_t n = (int64_t)TAB_PER_THREAD * THREADS;
    int64_t i, bad = 0;
    uint64_t x = 88172645463325252ULL ^ (uint64_t)MYTHREAD;

    if (!index || !t1 || !t2 || !t3)
        upc_global_exit(1);
    upc_forall (i = 0; i < n; i++; &table[i])
        table[i] = -i;
    for (i = 0; i < REQ_PER_THREAD; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        index[i] = (int64_t)(x % (uint64_t)n);
    }
    upc_barrier;

    ig_generic(t1, index, REQ_PER_THREAD);
    ig_nb(t2, index, REQ_PER_THREAD);
    ig_nbi(t3, index, REQ_PER_THREAD);
    for (i = 0; i < REQ_PER_THREAD; i++)
        if (t1[i] != -index[i] || t2[i] != t1[i] || t3[i] != t1[i])
            bad++;
    upc_barrier;
    printf("thread %d: index gather %s\n", MYTHREAD, bad ? "failed" : "passed");
    free(index);
    free(t1);
    free(t2);
    free(t3);
    return 0;
}
