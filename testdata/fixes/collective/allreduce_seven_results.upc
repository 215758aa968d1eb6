// allreduce_seven_results.upc - NAS MG's setup shape: one function
// reduces several per-thread values and every thread reads each result.
// Each broadcast fix declares its per-thread copy above the function, at
// the same place: the fixes overlap there, one is applied per round, and
// the fix loop goes on past its five rounds while a round leaves a fix
// out for overlapping, until every read is rewritten.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared int s1[THREADS], s2[THREADS], s3[THREADS], s4[THREADS], s5[THREADS], s6[THREADS], s7[THREADS];
shared int r1, r2, r3, r4, r5, r6, r7;

int main(void)
{
    int a1, a2, a3, a4, a5, a6, a7;
    s1[MYTHREAD] = MYTHREAD + 1;
    s2[MYTHREAD] = 2 * MYTHREAD;
    s3[MYTHREAD] = MYTHREAD % 2;
    s4[MYTHREAD] = 7;
    s5[MYTHREAD] = MYTHREAD * MYTHREAD;
    s6[MYTHREAD] = 1;
    s7[MYTHREAD] = 3 - MYTHREAD;
    upc_all_reduceI(&r1, s1, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    a1 = r1;
    upc_all_reduceI(&r2, s2, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    a2 = r2;
    upc_all_reduceI(&r3, s3, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    a3 = r3;
    upc_all_reduceI(&r4, s4, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    a4 = r4;
    upc_all_reduceI(&r5, s5, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    a5 = r5;
    upc_all_reduceI(&r6, s6, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    a6 = r6;
    upc_all_reduceI(&r7, s7, UPC_MIN, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    a7 = r7;
    printf("thread %d: %d %d %d %d %d %d %d\n", MYTHREAD, a1, a2, a3, a4, a5, a6, a7);
    return 0;
}
