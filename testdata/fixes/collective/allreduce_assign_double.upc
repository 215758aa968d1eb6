// allreduce_assign_double.upc - seed 002 Figure 11's assignment form: every
// thread copies the reduced double into a private variable. The values are
// small integers, so every sum is exact and the output is deterministic.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared double dsrc[THREADS];
shared double dsum;

double accum_double(double val)
{
    double ret;
    dsrc[MYTHREAD] = val;
    upc_all_reduceD(&dsum, dsrc, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    ret = dsum;
    return ret;
}

int main(void)
{
    int i;
    double got = 0, want = 0;
    for (i = 0; i < 10; i++) {
        got += accum_double((double)(MYTHREAD + i));
        want += (double)THREADS * (THREADS - 1) / 2 + (double)THREADS * i;
    }
    printf("thread %d: %.1f %s\n", MYTHREAD, got, got == want ? "OK" : "FAILED");
    return got == want ? 0 : 1;
}
