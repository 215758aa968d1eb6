/* HPCC RandomAccess (GUPS) in UPC, in the style of the reference
 * implementation: 64-bit LFSR stream, table of u64Int distributed
 * cyclically, bucketed updates and a verification pass. */

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <inttypes.h>

typedef uint64_t u64Int;
typedef int64_t s64Int;

#define POLY 0x0000000000000007ULL
#define PERIOD 1317624576693539401LL
#define LOG2_TABLE_PER_THREAD 12
#define TABLE_PER_THREAD (1UL << LOG2_TABLE_PER_THREAD)
#define NUPDATE_PER_THREAD (4 * TABLE_PER_THREAD)
#define LOOKAHEAD 64
#define ERROR_PERCENT 1.0

#define ZERO64B 0LL
#define FSTR64 "%" PRId64
#define FSTRU64 "%" PRIu64

shared u64Int Table[TABLE_PER_THREAD * THREADS];
shared s64Int errors[THREADS];
shared s64Int total_errors;
shared u64Int log_table_size, table_size;

/* the n-th element of the random sequence */
u64Int HPCC_starts(s64Int n)
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

static void RandomAccessUpdate(u64Int TableSize)
{
    u64Int i, index;
    u64Int ran[LOOKAHEAD];
    int j;
    const u64Int mask = TableSize - 1;

    for (j = 0; j < LOOKAHEAD; j++)
        ran[j] = HPCC_starts((NUPDATE_PER_THREAD * MYTHREAD) + (NUPDATE_PER_THREAD / LOOKAHEAD) * j);

    for (i = 0; i < NUPDATE_PER_THREAD / LOOKAHEAD; i++) {
        for (j = 0; j < LOOKAHEAD; j++) {
            ran[j] = (ran[j] << 1) ^ ((s64Int)ran[j] < ZERO64B ? POLY : ZERO64B);
            index = ran[j] & mask;
            Table[index] ^= ran[j];
        }
    }
}

int main(void)
{
    u64Int i, temp;
    u64Int TableSize = TABLE_PER_THREAD * THREADS;
    s64Int NumErrors;
    double GUPs;
    int verify_ok;

    /* THREADS must be a power of two for the mask */
    if ((THREADS & (THREADS - 1)) != 0) {
        if (MYTHREAD == 0)
            fprintf(stderr, "THREADS (%d) must be a power of two\n", THREADS);
        upc_global_exit(1);
    }

    if (MYTHREAD == 0) {
        log_table_size = LOG2_TABLE_PER_THREAD;
        for (temp = THREADS; temp > 1; temp >>= 1)
            log_table_size += 1;
        table_size = TableSize;
        printf("Main table size   = 2^" FSTRU64 " = " FSTRU64 " words\n", log_table_size, table_size);
        printf("Number of updates = " FSTRU64 "\n", (u64Int)NUPDATE_PER_THREAD * THREADS);
    }

    upc_forall (i = 0; i < TableSize; i++; &Table[i])
        Table[i] = i;
    upc_barrier;

    RandomAccessUpdate(TableSize);
    upc_barrier;

    /* verification: replay the stream serially per thread (updates are
     * self-inverse with XOR) */
    RandomAccessUpdate(TableSize);
    upc_barrier;

    errors[MYTHREAD] = 0;
    upc_forall (i = 0; i < TableSize; i++; &Table[i])
        if (Table[i] != i)
            errors[MYTHREAD]++;

    upc_all_reduceL((shared void *)&total_errors, errors, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    NumErrors = total_errors;
    verify_ok = (double)NumErrors <= ERROR_PERCENT * 0.01 * (double)TableSize;
    if (MYTHREAD == 0) {
        GUPs = 1e-9 * (double)NUPDATE_PER_THREAD * THREADS;
        printf("Found " FSTR64 " errors in " FSTRU64 " locations (%s).\n", NumErrors, TableSize,
               verify_ok ? "passed" : "failed");
        printf("%.9f Billion(10^9) Updates\n", GUPs);
    }
    return verify_ok ? 0 : 1;
}
