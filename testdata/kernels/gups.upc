// gups.upc - GUPS-style random read-modify-write of a shared table (seed 000,
// section 6.4 "Guppie", Figure 10(b); seed 001, section 9.4 "Gups").
//
// Guppie performs random read/modify/write accesses to a large distributed
// table: Table[ran & (TS-1)] ^= ran. Each update is a remote get and a remote
// put to an unpredictable thread; the seeds report 1.1x-7.5x from runtime
// aggregation (seed 000) and up to 25% from pipelining unrolled reads
// (seed 001). The index is not affine, so the finegrain rule (affine indices)
// does not report the update loop; the table is initialised the way the
// reference code does it, with a upc_forall over &Table[i] (a cyclic `&a[i]`
// affinity: the forall rule's case).
//
// Checkable result: plain GUPS races (two threads may XOR the same entry at
// once and lose an update). Here update k has the value ran(k) (a 64-bit
// mixing of k), is issued by thread k % THREADS, and is applied in round r
// only by the thread whose round-r target class (MYTHREAD + r) % THREADS
// equals idx % THREADS; rounds are separated by barriers. In each round the
// threads write disjoint entries (single writer, no locks or atomics) and
// every update is applied exactly once, so the final table is the initial
// table XOR all updates - whatever THREADS is and in whatever order.
//
// Under dynamic THREADS a distributed array must mention THREADS in one
// dimension (UPC 1.3 6.5.2.1): the table has room for TS*THREADS entries and
// the kernel uses the first TS. The result does not depend on THREADS.
//
// Run: upcc -o gups gups.upc && upcrun -n 4 ./gups
//      gupc -o gups gups.upc && ./gups -n 4
// Prints "gups: xor=<hex> OK" from thread 0.
//
// expect: forall

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#ifndef LOGTS
#define LOGTS 14
#endif
#define TS (1UL << LOGTS)
#ifndef NUPDATE
#define NUPDATE (4 * TS)
#endif

shared uint64_t Table[TS * THREADS];

shared unsigned long xpart[THREADS];
shared unsigned long xtotal;

static uint64_t ran(uint64_t k)
{
    uint64_t z = (k + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* XOR of v over all threads; the result is valid on thread 0. */
static unsigned long xor_all(unsigned long v)
{
    unsigned long r = 0;
    xpart[MYTHREAD] = v;
    upc_all_reduceUL(&xtotal, xpart, UPC_XOR, THREADS, 1, NULL,
                     UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        r = xtotal;
    return r;
}

void init_table(void)
{
    uint64_t i;
    upc_forall (i = 0; i < TS; i++; &Table[i]) // want "affinity"
        Table[i] = i;
}

void random_access(void)
{
    uint64_t k;
    int r;
    for (r = 0; r < THREADS; r++) {
        uint64_t target = (uint64_t)((MYTHREAD + r) % THREADS);
        for (k = MYTHREAD; k < NUPDATE; k += THREADS) {
            uint64_t v = ran(k), idx = v & (TS - 1);
            if (idx % THREADS == target)
                Table[idx] ^= v; // want "irregular remote updates of Table"
        }
        upc_barrier;
    }
}

int main(void)
{
    uint64_t i, k, mine = (TS - MYTHREAD + THREADS - 1) / THREADS;
    uint64_t *tl = (uint64_t *)&Table[MYTHREAD];
    uint64_t *ref = malloc(sizeof(uint64_t) * TS);
    unsigned long x = 0, bad = 0, refx = 0;

    init_table();
    upc_barrier;
    random_access();

    /* sequential recomputation: the same updates, applied in order */
    for (i = 0; i < TS; i++)
        ref[i] = i;
    for (k = 0; k < NUPDATE; k++) {
        uint64_t v = ran(k);
        ref[v & (TS - 1)] ^= v;
    }
    for (k = 0; k < mine; k++) {
        i = MYTHREAD + k * THREADS;
        x ^= tl[k] * (2 * i + 1);
        bad += tl[k] != ref[i];
    }
    for (i = 0; i < TS; i++)
        refx ^= ref[i] * (2 * i + 1);
    x = xor_all(x);
    xpart[MYTHREAD] = bad;   /* any mismatch makes the OR non-zero */
    upc_all_reduceUL(&xtotal, xpart, UPC_OR, THREADS, 1, NULL,
                     UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        int ok = xtotal == 0 && x == refx;
        printf("gups: xor=%016lx %s\n", x, ok ? "OK" : "FAILED");
        if (!ok)
            return 1;
    }
    free(ref);
    return 0;
}
