// collidiom_block_counter_after.upc - a block broadcast of doubles whose
// thread counter is read after the branch: the fix keeps its final value
// (THREADS) with an assignment, and the rest of the branch stays as it is.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#define LEN 16

shared [LEN] double row[LEN * THREADS];
int spread(double scale)
{
    int t = 0, k;
    if (MYTHREAD == 0) {
        double first = scale * 0.5;
        for (t = 0; t < THREADS; t++)
            for (k = 0; k < LEN; k++)
                row[t * LEN + k] = first + k;
    }
    upc_barrier;
    return MYTHREAD == 0 ? t : THREADS;
}

int main(void)
{
    int k, bad = 0;
    int n = spread(4.0);
    for (k = 0; k < LEN; k++)
        bad += ((double *)&row[MYTHREAD * LEN])[k] != 2.0 + k;
    bad += n != THREADS;
    upc_barrier;
    printf("thread %d: %s\n", MYTHREAD, bad ? "FAILED" : "OK");
    return bad != 0;
}
