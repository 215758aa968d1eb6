/* A benchmark's shape: a computation, its result and the time it took.
 * TestValidateMasksTimes rewrites the loop by hand in several ways. */
#include <upc.h>
#include <stdio.h>

#define N 64

shared [N] double x[N*THREADS];

int main(void) {
    int i;
    double sum = 0.0, t = 0.25;
    upc_forall (i = 0; i < N*THREADS; i++; &x[i])
        x[i] = i;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < N*THREADS; i++)
            sum += x[i];
        printf("sum = %g\n", sum);
        printf("time = %g seconds, %d elements\n", t, N*THREADS);
    }
    return 0;
}
