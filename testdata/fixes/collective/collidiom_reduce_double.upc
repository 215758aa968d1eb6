// collidiom_reduce_double.upc - a floating-point sum by thread 0, the loop
// the unbraced body of its if: the fix gives the if braces, reads the
// partial sums with non-blocking gets into a private copy and adds them up
// in the loop's order (a collective might add them in another).

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
