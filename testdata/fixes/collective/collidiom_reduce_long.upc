// collidiom_reduce_long.upc - seed 002 section 4.1: thread 0 sums the
// partial results of all threads in a loop (THREADS - 1 remote reads in
// sequence); the fix issues the reads as non-blocking gets into a private
// copy, completes them together, and the loop adds up the copy. The same
// reads and bytes, overlapped; upc_all_reduceL would cost more below some
// tens of threads.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#define ITEMS 1000

shared long partial[THREADS];
shared long total;

static long value(long k) { return (k * 2654435761L) % 1009; }

int main(void)
{
    long k, mine = 0, ref = 0;
    int t;
    for (k = MYTHREAD; k < ITEMS; k += THREADS)
        mine += value(k);
    partial[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0) {
        long s = 0;
        for (t = 0; t < THREADS; t++)
            s += partial[t];
        total = s;
    }
    upc_barrier;
    for (k = 0; k < ITEMS; k++)
        ref += value(k);
    if (MYTHREAD == 0) {
        long got = total;
        printf("sum=%ld %s\n", got, got == ref ? "OK" : "FAILED");
        if (got != ref)
            return 1;
    }
    printf("thread %d done\n", MYTHREAD);
    return 0;
}
