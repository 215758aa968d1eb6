/*
 * Random permutation of a distributed array (bale "randperm"-style darts):
 * each thread throws its elements at random slots of a target twice as large
 * and claims them with compare-and-swap; then the target is compacted.
 */
#include <upc.h>
#include <bupc_extensions.h>
#include <stdio.h>
#include <stdint.h>

#define PER 128

shared int64_t target[2 * PER * THREADS];
shared int64_t kept[THREADS];

static uint64_t xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

int main(void)
{
    uint64_t seed = 0x9e3779b97f4a7c15ULL + (uint64_t)MYTHREAD * 0x100000001ULL;
    const int64_t tsize = 2 * PER * (int64_t)THREADS;
    int64_t i, mine = 0;

    upc_forall (i = 0; i < tsize; i++; &target[i])
        target[i] = -1;
    upc_barrier;
    for (i = 0; i < PER; i++) {
        int64_t value = (int64_t)MYTHREAD * PER + i;
        for (;;) {
            int64_t slot = (int64_t)(xorshift(&seed) % (uint64_t)tsize);
            if (bupc_atomicI64_cswap_relaxed(&target[slot], -1, value) == -1)
                break;
        }
    }
    upc_barrier;
    upc_forall (i = 0; i < tsize; i++; &target[i])
        mine += target[i] >= 0;
    kept[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0) {
        int64_t total = 0;
        int t;
        for (t = 0; t < THREADS; t++)
            total += kept[t];
        printf("randperm darts: %s\n", total == PER * (int64_t)THREADS ? "passed" : "failed");
    }
    return 0;
}
