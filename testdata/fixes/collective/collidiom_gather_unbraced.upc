// collidiom_gather_unbraced.upc - thread 0 gathers one counter per thread in
// a loop that is the unbraced body of its if (a comment ends the loop's
// header line). The reads become pipelined non-blocking gets; the if gets
// braces so that upc_synci() completes them inside the branch.

#include <upc_relaxed.h>
#include <stdio.h>

#define MAXT 64

shared int cnt[THREADS];

int main(void)
{
    int t, got[MAXT], s = 0;
    if (THREADS > MAXT)
        return 1;
    cnt[MYTHREAD] = MYTHREAD * 2;
    upc_barrier;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // one counter per thread
            got[t] = cnt[t];
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++)
            s += got[t];
        printf("sum=%d %s\n", s, s == THREADS * (THREADS - 1) ? "OK" : "FAILED");
    }
    return 0;
}
