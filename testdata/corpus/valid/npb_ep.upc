// upclint-flags: -DM=20
/* NPB EP: gaussian pairs by the Marsaglia polar method, counts reduced at the end. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#ifndef M
#define M 24
#endif
#define MK 10
#define MM (M - MK)
#define NN (1 << MM)
#define NK (1 << MK)
#define NQ 10
#define EPSILON 1.0e-8
#define A 1220703125.0
#define S 271828183.0

shared double sx_part[THREADS], sy_part[THREADS];
shared double q_part[NQ * THREADS];     /* q_part[l*THREADS + t]: cyclic, row l */
shared double sx, sy;
shared [] double qsum[NQ];              /* indefinite: all on thread 0 */

static double x[2 * NK];

static double randlc(double *xp, double a);
static void vranlc(int n, double *xp, double a, double y[]);

static double randlc(double *xp, double a)
{
    const double r23 = 0x1p-23, t23 = 0x1p23, r46 = r23 * r23, t46 = t23 * t23;
    double t1, t2, t3, t4, a1, a2, x1, x2, z;
    t1 = r23 * a;   a1 = (int)t1;  a2 = a - t23 * a1;
    t1 = r23 * *xp; x1 = (int)t1;  x2 = *xp - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    t2 = (int)(r23 * t1);
    z = t1 - t23 * t2;
    t3 = t23 * z + a2 * x2;
    t4 = (int)(r46 * t3);
    *xp = t3 - t46 * t4;
    return r46 * *xp;
}

static void vranlc(int n, double *xp, double a, double y[])
{
    int i;
    for (i = 0; i < n; i++)
        y[i] = randlc(xp, a);
}

int main(void)
{
    double q[NQ] = {0.0};
    double an, t1, t2, t3, t4, x1, x2, lsx = 0.0, lsy = 0.0;
    int i, k, l, k_offset = -1;

    an = A;
    for (i = 0; i < MK + 1; i++) {
        t2 = an;
        (void)randlc(&t2, an);
        an = t2;
    }

    upc_forall (k = 1; k <= NN; k++; k) {
        int kk = k_offset + k;
        t1 = S;
        t2 = an;
        for (i = 1; i <= 100; i++) {
            int ik = kk / 2;
            if (2 * ik != kk)
                t3 = randlc(&t1, t2);
            if (ik == 0)
                break;
            t3 = randlc(&t2, t2);
            kk = ik;
        }
        (void)t3;
        vranlc(2 * NK, &t1, A, x);
        for (i = 0; i < NK; i++) {
            x1 = 2.0 * x[2 * i] - 1.0;
            x2 = 2.0 * x[2 * i + 1] - 1.0;
            t1 = x1 * x1 + x2 * x2;
            if (t1 <= 1.0) {
                t2 = sqrt(-2.0 * log(t1) / t1);
                t3 = x1 * t2;
                t4 = x2 * t2;
                l = (int)fmax(fabs(t3), fabs(t4));
                q[l] += 1.0;
                lsx += t3;
                lsy += t4;
            }
        }
    }

    sx_part[MYTHREAD] = lsx;
    sy_part[MYTHREAD] = lsy;
    for (l = 0; l < NQ; l++)
        q_part[l * THREADS + MYTHREAD] = q[l];
    upc_all_reduceD(&sx, sx_part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);
    upc_all_reduceD(&sy, sy_part, UPC_ADD, THREADS, 1, NULL, UPC_IN_NOSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        double gc = 0.0;
        for (l = 0; l < NQ; l++) {
            double s = 0.0;
            int t;
            for (t = 0; t < THREADS; t++)
                s += q_part[l * THREADS + t];
            qsum[l] = s;
            gc += s;
        }
        printf("EP: M=%d pairs=%.0f sx=%.15e sy=%.15e\n", M, gc, sx, sy);
        for (l = 0; l < NQ; l++)
            printf("%3d %15.0f\n", l, qsum[l]);
    }
    return 0;
}
