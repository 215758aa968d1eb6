/* NAS Parallel Benchmarks (UPC) style: MG multigrid V-cycle fragment with
 * npbparams.h-like class macros, timers and a ghost-exchange via shared
 * per-thread buffers. */
// upclint-flags: -D NPB_TIMERS=1

#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <sys/time.h>

/* ---- npbparams.h ---- */
#ifndef CLASS
#define CLASS 'S'
#endif
#if CLASS == 'S'
#define NX_DEFAULT 32
#define NY_DEFAULT 32
#define NZ_DEFAULT 32
#define NIT_DEFAULT 4
#define LM 5
#define LT_DEFAULT 5
#elif CLASS == 'W'
#define NX_DEFAULT 128
#define NY_DEFAULT 128
#define NZ_DEFAULT 128
#define NIT_DEFAULT 4
#define LM 7
#define LT_DEFAULT 7
#else
#error "unknown class"
#endif
#define CONVERTDOUBLE FALSE
#define COMPILETIME "01 Jan 2010"
#define NPBVERSION "2.4"
#define CS1 "upcc"
/* ---- end npbparams.h ---- */

#define MAXLEVEL (LT_DEFAULT + 1)
#define MM 10
#define NV (2 + (1 << LM) * (2 + (1 << LM)) * (2 + (1 << LM)))
#define NR ((NV + NM * NM + 5 * NM + 7 * LM) / 1)
#define NM (2 + (1 << LM))
#define T_BENCH 1
#define T_INIT 2
#define T_LAST 2
#define TRUE 1
#define FALSE 0

typedef int boolean;
typedef struct { double real; double imag; } dcomplex;

/* c_timers.c */
static double start[64], elapsed[64];

static double wtime_(void)
{
    static int sec = -1;
    struct timeval tv;
    gettimeofday(&tv, (void *)0);
    if (sec < 0)
        sec = tv.tv_sec;
    return (tv.tv_sec - sec) + 1.0e-6 * tv.tv_usec;
}

void timer_clear(int n) { elapsed[n] = 0.0; }
void timer_start(int n) { start[n] = wtime_(); }
void timer_stop(int n)
{
    double t, now;
    now = wtime_();
    t = now - start[n];
    elapsed[n] += t;
}
double timer_read(int n) { return elapsed[n]; }

/* per-thread ghost buffers, one block per thread */
shared [NM * NM] double buff_in[THREADS][NM * NM];
shared [NM * NM] double buff_out[THREADS][NM * NM];
shared double rnmsu[THREADS];
shared double rnm2_all;

static double u[NM][NM][NM], r[NM][NM][NM], v[NM][NM][NM];
static int nx[MAXLEVEL], ny[MAXLEVEL], nz[MAXLEVEL];
static int is1, is2, is3, ie1, ie2, ie3;
static int lt, lb;

static void zero3(double z[NM][NM][NM], int n1, int n2, int n3)
{
    int i1, i2, i3;
    for (i3 = 0; i3 < n3; i3++)
        for (i2 = 0; i2 < n2; i2++)
            for (i1 = 0; i1 < n1; i1++)
                z[i3][i2][i1] = 0.0;
}

/* exchange the top face with the next thread (periodic) */
static void comm3(double z[NM][NM][NM], int n1, int n2, int n3)
{
    int i1, i2, k = 0;
    int next = (MYTHREAD + 1) % THREADS;
    for (i2 = 1; i2 < n2 - 1; i2++)
        for (i1 = 1; i1 < n1 - 1; i1++)
            buff_out[MYTHREAD][k++] = z[n3 - 2][i2][i1];
    upc_barrier;
    upc_memget((double *)&buff_in[MYTHREAD][0], &buff_out[next][0], k * sizeof(double));
    upc_barrier;
    k = 0;
    for (i2 = 1; i2 < n2 - 1; i2++)
        for (i1 = 1; i1 < n1 - 1; i1++)
            z[n3 - 1][i2][i1] = buff_in[MYTHREAD][k++];
}

static void resid(double u_[NM][NM][NM], double v_[NM][NM][NM], double r_[NM][NM][NM],
                  int n1, int n2, int n3, const double a[4])
{
    int i3, i2, i1;
    double u1[NM], u2[NM];
    for (i3 = 1; i3 < n3 - 1; i3++)
        for (i2 = 1; i2 < n2 - 1; i2++) {
            for (i1 = 0; i1 < n1; i1++) {
                u1[i1] = u_[i3][i2 - 1][i1] + u_[i3][i2 + 1][i1] + u_[i3 - 1][i2][i1] + u_[i3 + 1][i2][i1];
                u2[i1] = u_[i3 - 1][i2 - 1][i1] + u_[i3 - 1][i2 + 1][i1] + u_[i3 + 1][i2 - 1][i1] + u_[i3 + 1][i2 + 1][i1];
            }
            for (i1 = 1; i1 < n1 - 1; i1++)
                r_[i3][i2][i1] = v_[i3][i2][i1] - a[0] * u_[i3][i2][i1]
                    - a[2] * (u2[i1] + u1[i1 - 1] + u1[i1 + 1])
                    - a[3] * (u2[i1 - 1] + u2[i1 + 1]);
        }
    comm3(r_, n1, n2, n3);
}

static void norm2u3(double r_[NM][NM][NM], int n1, int n2, int n3,
                    double *rnm2, double *rnmu, int nx_, int ny_, int nz_)
{
    double s = 0.0, tmp;
    int i3, i2, i1;
    double dn = 1.0 * nx_ * ny_ * nz_;
    *rnmu = 0.0;
    for (i3 = 1; i3 < n3 - 1; i3++)
        for (i2 = 1; i2 < n2 - 1; i2++)
            for (i1 = 1; i1 < n1 - 1; i1++) {
                s = s + r_[i3][i2][i1] * r_[i3][i2][i1];
                tmp = fabs(r_[i3][i2][i1]);
                if (tmp > *rnmu)
                    *rnmu = tmp;
            }
    rnmsu[MYTHREAD] = s;
    upc_all_reduceD(&rnm2_all, rnmsu, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    *rnm2 = sqrt(rnm2_all / dn);
}

static void setup(int *n1, int *n2, int *n3, int k)
{
    int ax;
    nx[k] = NX_DEFAULT;
    ny[k] = NY_DEFAULT;
    nz[k] = NZ_DEFAULT / THREADS;
    for (ax = k - 1; ax >= 1; ax--) {
        nx[ax] = nx[ax + 1] / 2;
        ny[ax] = ny[ax + 1] / 2;
        nz[ax] = nz[ax + 1];
    }
    *n1 = nx[k] + 2 > NM ? NM : nx[k] + 2;
    *n2 = ny[k] + 2 > NM ? NM : ny[k] + 2;
    *n3 = nz[k] + 2 > NM ? NM : nz[k] + 2;
    is1 = 1; ie1 = *n1 - 2;
    is2 = 1; ie2 = *n2 - 2;
    is3 = 1; ie3 = *n3 - 2;
}

int main(int argc, char **argv)
{
    int k, it, n1, n2, n3, nit = NIT_DEFAULT;
    double t, tinit, mflops, rnm2, rnmu;
    static const double a[4] = { -8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0 };
    boolean verified = FALSE;
    char class_ = CLASS;

    for (k = T_INIT; k <= T_LAST; k++)
        timer_clear(k);
    timer_clear(T_BENCH);
    timer_start(T_INIT);
    lt = LT_DEFAULT;
    lb = 1;
    if (MYTHREAD == 0) {
        printf("\n\n NAS Parallel Benchmarks %s -- MG Benchmark (UPC)\n\n", NPBVERSION);
        printf(" Size: %dx%dx%d  (class %c)\n", NX_DEFAULT, NY_DEFAULT, NZ_DEFAULT, class_);
        printf(" Iterations: %d\n", nit);
        printf(" Threads: %d\n", THREADS);
    }
    setup(&n1, &n2, &n3, lt);
    zero3(u, n1, n2, n3);
    zero3(v, n1, n2, n3);
    v[n3 / 2][n2 / 2][n1 / 2] = MYTHREAD == 0 ? 1.0 : -1.0;
    resid(u, v, r, n1, n2, n3, a);
    norm2u3(r, n1, n2, n3, &rnm2, &rnmu, nx[lt], ny[lt], nz[lt]);
    timer_stop(T_INIT);
    tinit = timer_read(T_INIT);
    upc_barrier;
    timer_start(T_BENCH);
    for (it = 1; it <= nit; it++) {
        if (MYTHREAD == 0 && (it == 1 || it == nit || it % 5 == 0))
            printf("  iter %3d\n", it);
        resid(u, v, r, n1, n2, n3, a);
    }
    norm2u3(r, n1, n2, n3, &rnm2, &rnmu, nx[lt], ny[lt], nz[lt]);
    timer_stop(T_BENCH);
    t = timer_read(T_BENCH);
    if (MYTHREAD == 0) {
        verified = fabs(rnm2) < 1.0e10;
        mflops = t != 0.0 ? 58.0 * nit * NX_DEFAULT * NY_DEFAULT * NZ_DEFAULT * 1.0e-6 / t : 0.0;
        printf(" Initialization time: %15.3f seconds\n", tinit);
        printf(" L2 Norm is %20.13e\n", rnm2);
        printf(" Mop/s total = %12.2f\n", mflops);
        printf(" Verification = %s\n", verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
        printf(" Compiled with %s on %s\n", CS1, COMPILETIME);
    }
    upc_barrier;
    return 0;
}
