/*
 * Toposort-like peeling (bale style, simplified): rows of an upper-triangular
 * permuted matrix are "solved" when their remaining nonzero count drops to 1.
 * Degree counters live in shared memory and are decremented with atomics.
 */
#include <upc.h>
#include <bupc_extensions.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#define ROWS_PER_THREAD 64
#define NNZ_PER_ROW 3

shared int64_t rowcnt[ROWS_PER_THREAD * THREADS];     /* nonzeros left per row */
shared int64_t order[ROWS_PER_THREAD * THREADS];      /* position in the elimination order */
shared int64_t next_pos;
shared int64_t col_of[NNZ_PER_ROW * ROWS_PER_THREAD * THREADS];

static int64_t nrows(void) { return (int64_t)ROWS_PER_THREAD * THREADS; }

static void build(void)
{
    int64_t r, k;
    upc_forall (r = 0; r < nrows(); r++; &rowcnt[r]) {
        rowcnt[r] = 0;
        order[r] = -1;
        for (k = 0; k < NNZ_PER_ROW; k++) {
            int64_t c = r + k;              /* upper triangular: diagonal and right */
            col_of[r * NNZ_PER_ROW + k] = c < nrows() ? c : -1;
            if (c < nrows())
                rowcnt[r] += 1;
        }
    }
}

static int64_t peel_round(void)
{
    int64_t r, k, peeled = 0;
    upc_forall (r = 0; r < nrows(); r++; &rowcnt[r]) {
        if (rowcnt[r] != 1 || order[r] >= 0)
            continue;
        order[r] = bupc_atomicI64_fetchadd_strict(&next_pos, 1);
        peeled++;
        /* every row that has a nonzero in column r loses one */
        for (k = 1; k < NNZ_PER_ROW; k++) {
            int64_t other = r - k;
            if (other >= 0 && col_of[other * NNZ_PER_ROW + k] == r)
                bupc_atomicI64_fetchadd_strict(&rowcnt[other], -1);
        }
    }
    return peeled;
}

shared int64_t round_total[THREADS];

int main(void)
{
    int64_t done = 0, rounds = 0;
    int t;

    if (MYTHREAD == 0)
        next_pos = 0;
    build();
    upc_barrier;
    while (done < nrows() && rounds < nrows() + 1) {
        int64_t sum = 0;
        round_total[MYTHREAD] = peel_round();
        upc_barrier;
        for (t = 0; t < THREADS; t++)
            sum += round_total[t];
        done += sum;
        rounds++;
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("toposort: %lld rows in %lld rounds: %s\n", (long long)done, (long long)rounds,
               done == nrows() ? "passed" : "failed");
    return 0;
}
