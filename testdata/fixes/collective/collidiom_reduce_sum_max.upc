// collidiom_reduce_sum_max.upc - the norm of NAS MG (norm2u3): every thread
// stores its partial sum of squares and its largest magnitude, and thread 0
// combines them in one loop that reads an element of each thread from two
// arrays, the second one twice when it is larger. The fix fetches both
// arrays' elements with non-blocking gets before the loop, one wait for all,
// and the loop reads the private copies: the same reads, overlapped, the
// same order of the floating-point sum. A loop that reads an array only
// under a condition (hits[i] where flag[i] is set) keeps its reads:
// fetching all of them would read more than it does.

#include <upc_relaxed.h>
#include <stdio.h>
#include <math.h>

#define N 500

shared double ps[THREADS];
shared double pa[THREADS];
shared int flag[THREADS];
shared int hits[THREADS];

static double value(int k) { return (double)((k * 37) % 101) - 50.0; }

int main(void)
{
    int i, k, n = 0;
    double s_mine = 0.0, a_mine = 0.0, s, a, ref_s = 0.0, ref_a = 0.0;
    for (k = MYTHREAD; k < N; k += THREADS) {
        double v = value(k);
        s_mine += v * v;
        if (fabs(v) > a_mine)
            a_mine = fabs(v);
    }
    ps[MYTHREAD] = s_mine;
    pa[MYTHREAD] = a_mine;
    flag[MYTHREAD] = MYTHREAD % 2;
    hits[MYTHREAD] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) {
        a = 0.0;
        s = 0.0;
        for (i = 0; i < THREADS; i++) {
            s += ps[i];
            if (pa[i] > a) a = pa[i];
        }
        for (i = 0; i < THREADS; i++) {
            n += flag[i];
            if (flag[i])
                n += hits[i];
        }
        for (k = 0; k < N; k++) {
            double v = value(k);
            ref_s += v * v;
            if (fabs(v) > ref_a)
                ref_a = fabs(v);
        }
        printf("norm=%.6f max=%.1f flagged=%d %s\n", sqrt(s / N), a, n,
               s == ref_s && a == ref_a ? "OK" : "FAILED");
    }
    upc_barrier;
    printf("thread %d done\n", MYTHREAD);
    return 0;
}
