/* NAS EP (UPC) style: Gaussian pairs by the Marsaglia polar method with
 * the NPB linear congruential generator randlc/vranlc, class macros, a
 * per-thread tally and collective reductions of sums and counts. */
// upclint-flags: -D CLASS=W -D M=20

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#ifndef M
#  define M 24
#endif
#define MK 16
#define MM (M - MK)
#define NN (1 << MM)
#define NK (1 << MK)
#define NQ 10
#define EPSILON 1.0e-8
#define A 1220703125.0
#define S 271828183.0
#define TIMERS_ENABLED 0

#define r23 (0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5*0.5)
#define r46 (r23 * r23)
#define t23 (2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0*2.0)
#define t46 (t23 * t23)

static double x[2 * NK];
static double q[NQ];
shared double sx_th[THREADS], sy_th[THREADS];
shared double q_th[NQ][THREADS];
shared double sx_all, sy_all;
shared [] double q_all[NQ];

double randlc(double *xx, double a)
{
    double t1, t2, t3, t4, a1, a2, x1, x2, z;
    t1 = r23 * a;
    a1 = (int)t1;
    a2 = a - t23 * a1;
    t1 = r23 * *xx;
    x1 = (int)t1;
    x2 = *xx - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    t2 = (int)(r23 * t1);
    z = t1 - t23 * t2;
    t3 = t23 * z + a2 * x2;
    t4 = (int)(r46 * t3);
    *xx = t3 - t46 * t4;
    return r46 * *xx;
}

void vranlc(int n, double *x_seed, double a, double y[])
{
    int i;
    for (i = 1; i <= n; i++)
        y[i] = randlc(x_seed, a);
}

int main(void)
{
    double Mops, t1, t2, t3, t4, x1, x2, sx, sy, an, tt, gc;
    int np, k, kk, ik, l, i, nit, k_offset, no_large_nodes, np_add;
    int verified;

    if (MYTHREAD == 0) {
        printf("\n\n NAS Parallel Benchmarks (NPB3.3-UPC) - EP Benchmark\n\n");
        printf(" Number of random numbers generated: %15.0f\n", pow(2.0, M + 1));
    }
    verified = 0;
    np = NN;
    vranlc(0, &t1, A, x);
    t1 = A;
    for (i = 1; i <= MK + 1; i++)
        t2 = randlc(&t1, t1);
    an = t1;
    tt = S;
    gc = 0.0;
    sx = 0.0;
    sy = 0.0;
    for (i = 0; i < NQ; i++)
        q[i] = 0.0;

    k_offset = -1;
    np_add = np % THREADS;
    no_large_nodes = np_add;
    np = np / THREADS + (MYTHREAD < no_large_nodes ? 1 : 0);
    for (k = 1; k <= np; k++) {
        kk = k_offset + k + MYTHREAD * (NN / THREADS) + (MYTHREAD < no_large_nodes ? MYTHREAD : no_large_nodes);
        t1 = S;
        t2 = an;
        for (i = 1; i <= 100; i++) {
            ik = kk / 2;
            if (2 * ik != kk)
                t3 = randlc(&t1, t2);
            if (ik == 0)
                break;
            t3 = randlc(&t2, t2);
            kk = ik;
        }
        vranlc(2 * NK, &t1, A, x - 1);
        for (i = 0; i < NK; i++) {
            x1 = 2.0 * x[2 * i] - 1.0;
            x2 = 2.0 * x[2 * i + 1] - 1.0;
            t1 = x1 * x1 + x2 * x2;
            if (t1 <= 1.0) {
                t2 = sqrt(-2.0 * log(t1) / t1);
                t3 = (x1 * t2);
                t4 = (x2 * t2);
                l = (int)fmax(fabs(t3), fabs(t4));
                q[l] += 1.0;
                sx = sx + t3;
                sy = sy + t4;
            }
        }
    }
    sx_th[MYTHREAD] = sx;
    sy_th[MYTHREAD] = sy;
    for (i = 0; i < NQ; i++)
        q_th[i][MYTHREAD] = q[i];
    upc_all_reduceD(&sx_all, sx_th, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);
    upc_all_reduceD(&sy_all, sy_th, UPC_ADD, THREADS, 1, NULL, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
    for (i = 0; i < NQ; i++)
        upc_all_reduceD(&q_all[i], &q_th[i][0], UPC_ADD, THREADS, 1, NULL, UPC_IN_NOSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        for (i = 0; i < NQ; i++)
            gc += q_all[i];
        nit = 0;
        verified = fabs((sx_all - (-3.247834652034740e+3)) / -3.247834652034740e+3) <= EPSILON;
        Mops = pow(2.0, M + 1) / 1.0e6;
        printf(" Gaussian pairs: %15.0f\n Sums: %25.15e %25.15e\n", gc, sx_all, sy_all);
        printf(" Mop/s total = %12.2f, iterations %d, verified %d\n", Mops, nit, verified);
        for (i = 0; i < NQ; i++)
            printf("%3d%15.0f\n", i, q_all[i]);
    }
    upc_barrier;
    return 0;
}
