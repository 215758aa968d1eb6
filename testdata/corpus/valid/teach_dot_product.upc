/* Dot product: owner-computes partial sums, then thread 0 adds them up. */
#include <upc_relaxed.h>
#include <stdio.h>

#define N 1000

shared double x[N * THREADS], y[N * THREADS];
shared double partial[THREADS];

int main(void)
{
    int i;
    double sum = 0.0;

    upc_forall (i = 0; i < N * THREADS; i++; &x[i]) {
        x[i] = 1.0;
        y[i] = (double)i;
    }
    upc_barrier;
    upc_forall (i = 0; i < N * THREADS; i++; &x[i])
        sum += x[i] * y[i];
    partial[MYTHREAD] = sum;
    upc_barrier;
    if (MYTHREAD == 0) {
        double total = 0.0;
        for (i = 0; i < THREADS; i++)
            total += partial[i];
        printf("dot = %.0f (expected %.0f)\n", total,
               (double)(N * THREADS) * (N * THREADS - 1) / 2.0);
    }
    return 0;
}
