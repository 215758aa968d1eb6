// allreduce_error_count.upc - the error count of a self-checking test
// (the MuPC and GWU suites' shape): every thread reduces its own error
// flag with upc_all_reduceI, then every thread reads the shared total.
// The fix broadcasts the total once; the reduction's source is only ever
// err[MYTHREAD], so it returns with UPC_OUT_MYSYNC and the broadcast
// saves its closing barrier.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#define ROUNDS 20

shared int err[THREADS];
shared int nerr;

int main(void)
{
    int round, total = 0, sum = 0;
    for (round = 0; round < ROUNDS; round++) {
        int v = (MYTHREAD * 7 + round * 3) % 5;
        err[MYTHREAD] = v == 0;
        upc_all_reduceI(&nerr, err, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        total = nerr;
        sum += total;
    }
    printf("thread %d: %d errors over %d rounds\n", MYTHREAD, sum, ROUNDS);
    return 0;
}
