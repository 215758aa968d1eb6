// collidiom_scatter.upc - thread 0 writes a different value into x[t] for
// every thread t (THREADS remote writes in sequence); the fix fills a
// temporary on thread 0 and calls upc_all_scatter on every thread after
// the if. The values are computed from t and from private data of
// thread 0, and are converted to x's element type (unsigned short) by the
// assignment, as before.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared unsigned short x[THREADS];

void deal(int round)
{
    int t, base;
    if (!MYTHREAD) {
        base = round * 1000 + 7;
        for (t = 0; t < THREADS; t++)
            x[t] = base + t * 3 + (t % 2 ? 70000 : 0);
    }
    upc_barrier;
}

int main(void)
{
    int round, bad = 0;
    long sum = 0;
    for (round = 0; round < 4; round++) {
        deal(round);
        sum += x[MYTHREAD];
        bad += x[MYTHREAD] != (unsigned short)(round * 1000 + 7 + MYTHREAD * 3 + (MYTHREAD % 2 ? 70000 : 0));
        upc_barrier;
    }
    printf("thread %d: sum=%ld %s\n", MYTHREAD, sum, bad ? "FAILED" : "OK");
    return bad != 0;
}
