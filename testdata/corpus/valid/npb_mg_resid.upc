// upclint-flags: --threads 4 -DNX=32
/*
 * NPB MG fragment: residual r = v - A u and one restriction step on a cube
 * split into slabs along the first dimension.  Under static THREADS the slab
 * arrays are declared with a computed block size.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <string.h>

#ifndef NX
#define NX 16
#endif
#define SLAB (NX / THREADS)
#define NXC (NX / 2)

typedef double plane_t[NX][NX];

shared [SLAB * NX * NX] double u[NX][NX][NX];
shared [SLAB * NX * NX] double v[NX][NX][NX];
shared [SLAB * NX * NX] double r[NX][NX][NX];
shared [NXC * NXC * NXC / THREADS] double rc[NXC][NXC][NXC];

static const double a[4] = { -8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0 };

static void get_plane(plane_t dst, int i)
{
    if (i < 0)
        i += NX;
    else if (i >= NX)
        i -= NX;
    upc_memget(dst, &u[i][0][0], sizeof(plane_t));
}

static void resid(void)
{
    static plane_t pm, p0, pp;
    int i, j, k, i1;

    for (i1 = 0; i1 < SLAB; i1++) {
        i = MYTHREAD * SLAB + i1;
        get_plane(pm, i - 1);
        get_plane(p0, i);
        get_plane(pp, i + 1);
        for (j = 0; j < NX; j++)
            for (k = 0; k < NX; k++) {
                int jm = (j + NX - 1) % NX, jp = (j + 1) % NX;
                int km = (k + NX - 1) % NX, kp = (k + 1) % NX;
                double u1 = pm[j][k] + pp[j][k] + p0[jm][k] + p0[jp][k] + p0[j][km] + p0[j][kp];
                double u2 = pm[jm][k] + pm[jp][k] + pp[jm][k] + pp[jp][k]
                          + pm[j][km] + pm[j][kp] + pp[j][km] + pp[j][kp]
                          + p0[jm][km] + p0[jm][kp] + p0[jp][km] + p0[jp][kp];
                r[i][j][k] = v[i][j][k] - a[0] * p0[j][k] - a[2] * u1 - a[3] * u2;
            }
    }
}

static void rprj3(void)
{
    int i, j, k;
    upc_forall (i = 0; i < NXC; i++; &rc[i][0][0])
        for (j = 0; j < NXC; j++)
            for (k = 0; k < NXC; k++)
                rc[i][j][k] = 0.5 * r[2 * i][2 * j][2 * k]
                            + 0.0625 * (r[2 * i + 1][2 * j][2 * k] + r[2 * i][2 * j + 1][2 * k]
                                        + r[2 * i][2 * j][2 * k + 1]);
}

int main(void)
{
    int i, j, k;
    double norm = 0.0;

    upc_forall (i = 0; i < NX; i++; &u[i][0][0])
        for (j = 0; j < NX; j++)
            for (k = 0; k < NX; k++) {
                u[i][j][k] = 0.0;
                v[i][j][k] = (i == NX / 2 && j == NX / 2 && k == NX / 2) ? 1.0 : 0.0;
            }
    upc_barrier;
    resid();
    upc_barrier;
    rprj3();
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < NXC; i++)
            for (j = 0; j < NXC; j++)
                for (k = 0; k < NXC; k++)
                    norm += rc[i][j][k] * rc[i][j][k];
        printf("MG: |rc|^2 = %.10e  blocksize(u)=%zu elemsize=%zu\n", norm,
               (size_t)upc_blocksizeof(u), (size_t)upc_elemsizeof(u));
    }
    return 0;
}
