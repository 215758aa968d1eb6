/* bale randperm by dart throwing, plain UPC: every thread throws its
 * darts at random slots of a shared target array with upc_lock-protected
 * claims (no atomics), retries misses, then compacts the hits and checks
 * the result is a permutation. */

#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#define PERM_PER_THREAD 1000
#define LAMBDA 2
#define NLK 128

shared int64_t target[LAMBDA * PERM_PER_THREAD * THREADS];
shared int64_t perm[PERM_PER_THREAD * THREADS];
shared int64_t hits_th[THREADS], offs_th[THREADS];
shared int64_t flags[PERM_PER_THREAD * THREADS];
shared int64_t bad_th[THREADS];
shared int64_t bad_all;
upc_lock_t *claim_lock;

static int64_t lrand(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int64_t)(*s >> 33);
}

int main(void)
{
    int64_t i, j, n = PERM_PER_THREAD, tsize = LAMBDA * PERM_PER_THREAD * THREADS;
    int64_t hits = 0, off, r, v;
    uint64_t seed = 0x9e3779b97f4a7c15ULL ^ (uint64_t)MYTHREAD;

    claim_lock = upc_all_lock_alloc();
    upc_forall (i = 0; i < tsize; i++; &target[i])
        target[i] = -1;
    upc_barrier;

    for (i = 0; i < n; i++) {
        v = MYTHREAD * n + i;
        for (;;) {
            r = lrand(&seed) % tsize;
            upc_lock(claim_lock);
            if (target[r] == -1) {
                target[r] = v;
                upc_unlock(claim_lock);
                break;
            }
            upc_unlock(claim_lock);
        }
    }
    upc_barrier;

    upc_forall (i = 0; i < tsize; i++; &target[i])
        if (target[i] != -1)
            hits++;
    hits_th[MYTHREAD] = hits;
    upc_all_prefix_reduceL(offs_th, hits_th, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    off = offs_th[MYTHREAD] - hits;
    j = 0;
    upc_forall (i = 0; i < tsize; i++; &target[i])
        if (target[i] != -1)
            perm[off + j++] = target[i];
    upc_barrier;

    upc_forall (i = 0; i < n * THREADS; i++; &flags[i])
        flags[i] = 0;
    upc_barrier;
    upc_forall (i = 0; i < n * THREADS; i++; &perm[i])
        flags[perm[i]] = 1;
    upc_barrier;
    bad_th[MYTHREAD] = 0;
    upc_forall (i = 0; i < n * THREADS; i++; &flags[i])
        bad_th[MYTHREAD] += flags[i] != 1;
    upc_all_reduceL(&bad_all, bad_th, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("randperm of %ld: %s\n", (long)(n * THREADS), bad_all == 0 ? "passed" : "failed");
    upc_barrier;
    if (MYTHREAD == 0)
        upc_lock_free(claim_lock);
    return 0;
}
