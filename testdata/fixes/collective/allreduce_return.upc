// allreduce_return.upc - seed 002 Figure 10: the reduction result returned
// to every thread is a hidden broadcast from thread 0; the fix broadcasts it
// once and returns the local copy.
//
// Prints one line per thread; exit status 0 when every value is right.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdint.h>

typedef uint64_t uint64;

uint64 accum(uint64 val)
{
    static shared uint64 src[THREADS];
    static shared uint64 dst;
    src[MYTHREAD] = val;
    upc_all_reduceUL(&dst, src, UPC_ADD, THREADS, 1, NULL,
                     UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return dst;
}

int main(void)
{
    int iter;
    uint64 got = 0, want = 0;
    for (iter = 0; iter < 20; iter++) {
        uint64 t, w = 0;
        for (t = 0; t < (uint64)THREADS; t++)
            w += t * 3 + iter;
        got += accum((uint64)MYTHREAD * 3 + iter);
        want += w;
    }
    printf("thread %d: sum=%llu %s\n", MYTHREAD, (unsigned long long)got, got == want ? "OK" : "FAILED");
    return got == want ? 0 : 1;
}
