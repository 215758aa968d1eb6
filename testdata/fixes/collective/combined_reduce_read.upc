// combined_reduce_read.upc - both rules on one program: thread 0 reduces by
// hand into a shared scalar (collidiom), then every thread reads the shared
// result (allreduce). The reduction's reads are pipelined; the broadcast
// that would replace the read of the result is shown, not applied (one
// remote read per thread is cheaper than the collective).

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared int count[THREADS];
shared int total;

int count_all(int mine)
{
    int t, r;
    count[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0) {
        int s = 0;
        for (t = 0; t < THREADS; t++)
            s += count[t];
        total = s;
    }
    upc_barrier;
    r = total;
    return r;
}

int main(void)
{
    int got = count_all(MYTHREAD + 1);
    int want = THREADS * (THREADS + 1) / 2;
    printf("thread %d: %d %s\n", MYTHREAD, got, got == want ? "OK" : "FAILED");
    return got != want;
}
