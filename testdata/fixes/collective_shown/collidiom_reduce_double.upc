// collidiom_reduce_double.upc - a floating-point sum by thread 0: the fix
// is unsafe in general (the collective may add in another order), but the
// values here are small integers, so the sums are exact.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared double dpart[THREADS];
shared double result;

void sum_on_zero(void)
{
    double s = 0;
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            s += dpart[t];
    if (MYTHREAD == 0)
        result = s;
}

int main(void)
{
    dpart[MYTHREAD] = 2.0 * MYTHREAD + 0.5;
    upc_barrier;
    sum_on_zero();
    upc_barrier;
    if (MYTHREAD == 0) {
        double want = (double)THREADS * (THREADS - 1) + 0.5 * THREADS;
        printf("sum=%.1f %s\n", result, result == want ? "OK" : "FAILED");
        return result != want;
    }
    return 0;
}
