// get_two_arrays.upc - two blocking gets of the next thread's block, then a
// loop over both buffers: the first get can complete after the second is
// issued, the second can start before the first, so both transfers are in
// flight together.

#include <upc_relaxed.h>
#include <stdio.h>

#define N 64

shared [N] double A[N * THREADS];
shared [N] double B[N * THREADS];

int main(void)
{
    double a[N], b[N], s = 0;
    int k, nb = (MYTHREAD + 1) % THREADS;
    for (k = 0; k < N; k++) {
        A[MYTHREAD * N + k] = k + MYTHREAD;
        B[MYTHREAD * N + k] = 2 * k - MYTHREAD;
    }
    upc_barrier;
    upc_memget(a, &A[nb * N], N * sizeof(double));
    upc_memget(b, &B[nb * N], N * sizeof(double));
    for (k = 0; k < N; k++)
        s += a[k] * b[k];
    printf("thread %d: s=%.0f OK\n", MYTHREAD, s);
    return 0;
}
