// allreduce_init_max.upc - the reduced maximum read by every thread in a
// declaration's initializer.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared int isrc[THREADS];
shared int imax;

int max_int(int v)
{
    isrc[MYTHREAD] = v;
    upc_all_reduceI(&imax, isrc, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    int m = imax;
    return m;
}

int main(void)
{
    int m = max_int((MYTHREAD * 7) % 5 - MYTHREAD);
    int want = -1000, t;
    for (t = 0; t < THREADS; t++)
        if ((t * 7) % 5 - t > want)
            want = (t * 7) % 5 - t;
    printf("thread %d: max=%d %s\n", MYTHREAD, m, m == want ? "OK" : "FAILED");
    return m == want ? 0 : 1;
}
