// put_end_of_block.upc - a function ends with a upc_memput and some
// private bookkeeping: the put completes at the end of the function's
// block, after the bookkeeping (the buffer lives until then).

#include <upc_relaxed.h>
#include <stdio.h>

#define N 24

shared [N] double out[N * THREADS];
static int calls;
static double last;

void publish(int iter)
{
    double buf[N];
    int k;
    for (k = 0; k < N; k++)
        buf[k] = iter * 0.5 + k;
    upc_memput(&out[((MYTHREAD + iter) % THREADS) * N], buf, sizeof(buf));
    calls++;
    last = iter * 0.5;
}

int main(void)
{
    int iter, k, bad = 0;
    for (iter = 0; iter < 3; iter++) {
        publish(iter);
        upc_barrier;
        for (k = 0; k < N; k++)
            bad += ((double *)&out[MYTHREAD * N])[k] != iter * 0.5 + k;
        upc_barrier;
    }
    printf("thread %d: calls=%d last=%.1f %s\n", MYTHREAD, calls, last, bad ? "FAILED" : "OK");
    return bad != 0;
}
