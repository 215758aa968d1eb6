// allreduce_neighbour_src.upc - the reduced value is read by every thread
// right after the reduction, but each thread also reads its neighbour's
// contribution after the call: the reduction must keep UPC_OUT_ALLSYNC
// (the neighbour's element may be rewritten once its owner returns), so
// the fix only lets the broadcast start at once (UPC_IN_NOSYNC: the
// reduction's ALLSYNC return is a barrier with no access in between).

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared long contrib[THREADS];
shared long sum;

long combine(long v, long *left)
{
    long s;
    contrib[MYTHREAD] = v;
    upc_all_reduceL(&sum, contrib, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    s = sum;
    *left = contrib[(MYTHREAD + THREADS - 1) % THREADS];
    return s;
}

int main(void)
{
    int iter, bad = 0;
    long acc = 0;
    for (iter = 0; iter < 10; iter++) {
        long left, s = combine(MYTHREAD * 3L + iter, &left);
        long want = 3L * THREADS * (THREADS - 1) / 2 + (long)iter * THREADS;
        bad += s != want;
        bad += left != ((MYTHREAD + THREADS - 1) % THREADS) * 3L + iter;
        acc += s;
        upc_barrier;
    }
    printf("thread %d: acc=%ld %s\n", MYTHREAD, acc, bad ? "FAILED" : "OK");
    return bad != 0;
}
