// upclint-flags: -DLTABSIZE=20
/*
 * RandomAccess (GUPS): XOR random 64-bit values into a distributed table.
 * Updates go straight to remote memory; errors up to 1% are tolerated.
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <inttypes.h>

#ifndef LTABSIZE
#define LTABSIZE 16
#endif
#define POLY 0x0000000000000007ULL
#define PERIOD 1317624576693539401LL
#define NUPDATE_FACTOR 4

typedef uint64_t u64Int;
typedef int64_t s64Int;

shared u64Int *Table;
shared u64Int errors[THREADS];

static u64Int HPCC_starts(s64Int n)
{
    int i, j;
    u64Int m2[64];
    u64Int temp, ran;

    while (n < 0)
        n += PERIOD;
    while (n > PERIOD)
        n -= PERIOD;
    if (n == 0)
        return 0x1;

    temp = 0x1;
    for (i = 0; i < 64; i++) {
        m2[i] = temp;
        temp = (temp << 1) ^ ((s64Int)temp < 0 ? POLY : 0);
        temp = (temp << 1) ^ ((s64Int)temp < 0 ? POLY : 0);
    }
    for (i = 62; i >= 0; i--)
        if ((n >> i) & 1)
            break;
    ran = 0x2;
    while (i > 0) {
        temp = 0;
        for (j = 0; j < 64; j++)
            if ((ran >> j) & 1)
                temp ^= m2[j];
        ran = temp;
        i -= 1;
        if ((n >> i) & 1)
            ran = (ran << 1) ^ ((s64Int)ran < 0 ? POLY : 0);
    }
    return ran;
}

static void update_table(u64Int tabsize, u64Int nupdate)
{
    u64Int i, ran;

    ran = HPCC_starts((s64Int)(nupdate / THREADS * MYTHREAD));
    for (i = 0; i < nupdate / THREADS; i++) {
        ran = (ran << 1) ^ ((s64Int)ran < 0 ? POLY : 0);
        Table[ran & (tabsize - 1)] ^= ran;
    }
}

int main(void)
{
    const u64Int tabsize = (u64Int)1 << LTABSIZE;
    const u64Int nupdate = NUPDATE_FACTOR * tabsize;
    u64Int i, ran, nerr = 0;

    Table = (shared u64Int *)upc_all_alloc(tabsize, sizeof(u64Int));
    if (Table == NULL) {
        if (MYTHREAD == 0)
            fprintf(stderr, "cannot allocate %" PRIu64 " words\n", tabsize);
        upc_global_exit(1);
    }

    upc_forall (i = 0; i < tabsize; i++; &Table[i])
        Table[i] = i;
    upc_barrier;

    update_table(tabsize, nupdate);
    upc_barrier;

    /* verification: apply the same updates again, which undoes them */
    update_table(tabsize, nupdate);
    upc_barrier;
    upc_forall (i = 0; i < tabsize; i++; &Table[i])
        if (Table[i] != i)
            nerr++;
    errors[MYTHREAD] = nerr;
    upc_barrier;

    if (MYTHREAD == 0) {
        int t;
        for (t = 1; t < THREADS; t++)
            nerr += errors[t];
        ran = nerr;
        printf("found %" PRIu64 " errors in %" PRIu64 " locations (%s)\n", ran, tabsize,
               ran <= 0.01 * tabsize ? "passed" : "failed");
        upc_free(Table);
    }
    return 0;
}
