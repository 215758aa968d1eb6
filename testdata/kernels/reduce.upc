// reduce.upc - hand-written collectives: a reduction loop on thread 0 and a
// gather-all loop on every thread (seed 002, sections 3.2, 4.1 and 5.2).
//
// Two idioms that UPC programs write by hand instead of calling the library:
//   * reduce: each thread stores its partial result in partial[MYTHREAD];
//     after a barrier thread 0 loops over t = 0..THREADS-1 summing
//     partial[t] - THREADS-1 remote reads in sequence, where
//     upc_all_reduceL(&total, partial, UPC_ADD, THREADS, 1, NULL, flags)
//     runs a logarithmic tree (the seed compares the language-level reduce
//     with the runtime's, Figure 9: the runtime version wins as nodes grow);
//   * gather-all: every thread copies count[t] for all t into a private array
//     - THREADS x THREADS remote reads, where upc_all_gather_all does it in
//     one collective.
//
// Each thread counts the selected items of a fixed global workload (item k
// goes to thread k % THREADS), so the reduced and gathered totals do not
// depend on THREADS.
//
// Run: upcc -o reduce reduce.upc && upcrun -n 4 ./reduce
//      gupc -o reduce reduce.upc && ./reduce -n 4
// Prints "reduce: sum=<sum> selected=<count> OK" from thread 0 (the check
// itself is combined with upc_all_reduceI, the library form).
//
// expect: collidiom
//
// The loops read one element on each thread: a bulk copy per owner would
// still be one message per element, so finegrain leaves them to collidiom.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef ITEMS
#define ITEMS 100000
#endif

shared long partial[THREADS];
shared long total;
shared int count[THREADS];
shared int flag[THREADS];
shared int nbad;

static long value(long k) { return (k * 2654435761L) % 1009; }

int main(void)
{
    long k, mine = 0, ref_sum = 0, gsum = 0;
    int t, selected = 0, ref_sel = 0, gmax = 0, ref_max = 0;
    int *counts = malloc(sizeof(int) * THREADS);

    for (k = MYTHREAD; k < ITEMS; k += THREADS) {
        mine += value(k);
        selected += value(k) % 3 == 0;
    }
    partial[MYTHREAD] = mine;
    count[MYTHREAD] = selected;
    upc_barrier;

    /* hand-written reduce on thread 0 */
    if (MYTHREAD == 0) {
        long s = 0;
        for (t = 0; t < THREADS; t++) // want "upc_all_"
            s += partial[t];
        total = s;
    }

    /* hand-written gather-all: every thread copies all the counts */
    for (t = 0; t < THREADS; t++) // want "upc_all_"
        counts[t] = count[t];
    for (t = 0; t < THREADS; t++) {
        gsum += counts[t];
        if (counts[t] > gmax)
            gmax = counts[t];
    }
    upc_barrier;

    /* sequential recomputation; every thread checks what it gathered */
    for (k = 0; k < ITEMS; k++) {
        ref_sum += value(k);
        ref_sel += value(k) % 3 == 0;
    }
    for (t = 0; t < THREADS; t++) {
        int c = 0;
        for (k = t; k < ITEMS; k += THREADS)
            c += value(k) % 3 == 0;
        if (c > ref_max)
            ref_max = c;
    }
    flag[MYTHREAD] = gsum != ref_sel || gmax != ref_max;
    upc_all_reduceI(&nbad, flag, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        long s = total;
        int ok = s == ref_sum && nbad == 0;
        printf("reduce: sum=%ld selected=%ld %s\n", s, gsum, ok ? "OK" : "FAILED");
        if (!ok)
            return 1;
    }
    free(counts);
    return 0;
}
