// upclint-flags: --threads 8 -DN=4096
/* Parallel prefix sum: local scan, scan of block totals on thread 0, fix-up. */
#include <upc.h>
#include <stdio.h>

#ifndef N
#define N 1024
#endif
#define B (N / THREADS)

shared [B] long x[N];
shared long block_total[THREADS];
shared long block_offset[THREADS];

int main(void)
{
    long *lx = (long *)&x[MYTHREAD * B];
    long run = 0, off;
    int i, ok = 1;

    for (i = 0; i < B; i++)
        lx[i] = 1;
    for (i = 0; i < B; i++) {
        run += lx[i];
        lx[i] = run;
    }
    block_total[MYTHREAD] = run;
    upc_barrier;
    if (MYTHREAD == 0) {
        long acc = 0;
        for (i = 0; i < THREADS; i++) {
            block_offset[i] = acc;
            acc += block_total[i];
        }
    }
    upc_barrier;
    off = block_offset[MYTHREAD];
    for (i = 0; i < B; i++)
        lx[i] += off;
    upc_barrier;
    for (i = 0; i < N; i += N / 16)
        if (x[i] != i + 1)
            ok = 0;
    printf("thread %d: st_prefix_sum %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
