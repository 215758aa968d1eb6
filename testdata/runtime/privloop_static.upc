// Loops over this thread's elements under static THREADS (the step and the layout are constants):
// a cyclic loop with an offset of THREADS, a block-cyclic two-level loop, and a start on another thread.
// flags: --threads 3
// expect-all: ok
#include <upc.h>
#include "check.h"
#define N 31
shared int a[N * THREADS];
shared [4] long b[N * THREADS];
int main(void)
{
    int i, k;
    long sum = 0, want = 0;
    for (i = MYTHREAD; i < N * THREADS; i += THREADS)
        a[i] = 5 * i + 1;
    for (long blk = MYTHREAD * 4; blk < N * THREADS; blk += THREADS * 4)
        for (i = blk; i < N * THREADS && i < blk + 4; i++)
            b[i] = i * (long)i;
    upc_barrier;
    for (i = MYTHREAD; i < (N - 1) * THREADS; i += THREADS)
        sum += a[i + THREADS] - a[i];
    CHECK_EQ(sum, 5 * THREADS * (N - 1));
    sum = 0;
    for (i = (MYTHREAD + 1) % THREADS; i < N * THREADS; i += THREADS)
        sum += a[i];
    for (k = (MYTHREAD + 1) % THREADS; k < N * THREADS; k += THREADS)
        want += 5 * k + 1;
    CHECK_EQ(sum, want);
    sum = want = 0;
    for (long blk = MYTHREAD * 4; blk < N * THREADS; blk += THREADS * 4)
        for (i = blk; i < N * THREADS && i < blk + 4; i++)
            sum += b[i] - a[i];
    for (k = 0; k < N * THREADS; k++)
        if (k / 4 % THREADS == MYTHREAD)
            want += k * (long)k - (5 * k + 1);
    CHECK_EQ(sum, want);
    DONE();
    return 0;
}
