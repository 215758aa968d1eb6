/* Vendor pragmas mixed with UPC pragmas; unknown pragmas are ignored. */
#include <upc.h>
#include <stdio.h>

#pragma upc relaxed
#pragma pupc off
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"

#define N 256

shared [N] float a[N * THREADS];

static void saxpy(float alpha, float *restrict x, float *restrict y, int n, int unused)
{
    int i;
#pragma GCC ivdep
    for (i = 0; i < n; i++)
        y[i] += alpha * x[i];
}

#pragma GCC diagnostic pop
#pragma pupc on

int main(void)
{
    float x[N], *y = (float *)&a[MYTHREAD * N];
    int i;

    for (i = 0; i < N; i++) {
        x[i] = 1.0f;
        y[i] = (float)i;
    }
    {
#pragma upc strict
        saxpy(2.0f, x, y, N, 0);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("test_vendor_pragmas: %s\n", a[N - 1] == N + 1.0f ? "passed" : "failed");
    return 0;
}
