// upclint-flags: -I include -DLEN=1024
/* X-macros: one table generates an enum, a name table and a dispatch switch. */
#include <upc_relaxed.h>
#include <stdio.h>

#ifndef LEN
#define LEN 256
#endif

shared [LEN] double a[LEN * THREADS], b[LEN * THREADS], c[LEN * THREADS];

enum kernel_id {
#define KERNEL(name, flops, bytes) K_##name,
#include "kernels.def"
#undef KERNEL
    K_COUNT
};

static const char *const kernel_name[K_COUNT] = {
#define KERNEL(name, flops, bytes) [K_##name] = #name,
#include "kernels.def"
#undef KERNEL
};

static const int kernel_bytes[] = {
#define KERNEL(name, flops, bytes) bytes,
#include "kernels.def"
#undef KERNEL
};

#define KERNEL(name, flops, bytes) static void run_##name(double *x, double *y, double *z);
#include "kernels.def"
#undef KERNEL

static void run_copy(double *x, double *y, double *z)  { int i; (void)y; for (i = 0; i < LEN; i++) z[i] = x[i]; }
static void run_scale(double *x, double *y, double *z) { int i; (void)x; for (i = 0; i < LEN; i++) y[i] = 3.0 * z[i]; }
static void run_add(double *x, double *y, double *z)   { int i; for (i = 0; i < LEN; i++) z[i] = x[i] + y[i]; }
static void run_triad(double *x, double *y, double *z) { int i; for (i = 0; i < LEN; i++) x[i] = y[i] + 3.0 * z[i]; }

static void dispatch(enum kernel_id k, double *x, double *y, double *z)
{
    switch (k) {
#define KERNEL(name, flops, bytes) case K_##name: run_##name(x, y, z); break;
#include "kernels.def"
#undef KERNEL
    default:
        break;
    }
}

int main(void)
{
    double *la = (double *)&a[MYTHREAD * LEN];
    double *lb = (double *)&b[MYTHREAD * LEN];
    double *lc = (double *)&c[MYTHREAD * LEN];
    int i, k;

    for (i = 0; i < LEN; i++) {
        la[i] = 1.0;
        lb[i] = 2.0;
        lc[i] = 0.0;
    }
    upc_barrier;
    for (k = 0; k < K_COUNT; k++) {
        dispatch((enum kernel_id)k, la, lb, lc);
        upc_barrier;
        if (MYTHREAD == 0)
            printf("%-6s %d bytes/elem\n", kernel_name[k], kernel_bytes[k]);
    }
    return 0;
}
