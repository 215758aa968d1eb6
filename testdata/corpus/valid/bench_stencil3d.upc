// upclint-flags: --threads 8 -DNX=32 -DNY=32 -DNZ=64
/*
 * 7-point stencil on a 3-D grid split along z: each thread owns NZ/THREADS
 * planes.  Halo planes are fetched with upc_memget into private buffers.
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NX
#define NX 16
#endif
#ifndef NY
#define NY 16
#endif
#ifndef NZ
#define NZ 32
#endif
#define PLANE (NX * NY)
#define LZ (NZ / THREADS)

#define IDX(x, y, z) ((z) * PLANE + (y) * NX + (x))

shared [LZ * PLANE] double in[NZ * PLANE];
shared [LZ * PLANE] double out[NZ * PLANE];

static double below[PLANE], above[PLANE];

static void fetch_halos(void)
{
    int zlo = MYTHREAD * LZ;
    int zhi = zlo + LZ - 1;
    if (zlo > 0)
        upc_memget(below, &in[IDX(0, 0, zlo - 1)], PLANE * sizeof(double));
    else
        memset(below, 0, sizeof below);
    if (zhi < NZ - 1)
        upc_memget(above, &in[IDX(0, 0, zhi + 1)], sizeof(above));
    else
        memset(above, 0, sizeof above);
}

static void sweep(double c0, double c1)
{
    double *src = (double *)&in[MYTHREAD * LZ * PLANE];
    double *dst = (double *)&out[MYTHREAD * LZ * PLANE];
    int x, y, z;

    for (z = 0; z < LZ; z++)
        for (y = 1; y < NY - 1; y++)
            for (x = 1; x < NX - 1; x++) {
                const double *cur = src + z * PLANE;
                double dn = z > 0 ? cur[-PLANE + y * NX + x] : below[y * NX + x];
                double up = z < LZ - 1 ? cur[PLANE + y * NX + x] : above[y * NX + x];
                dst[z * PLANE + y * NX + x] =
                    c0 * cur[y * NX + x] +
                    c1 * (cur[y * NX + x - 1] + cur[y * NX + x + 1] +
                          cur[(y - 1) * NX + x] + cur[(y + 1) * NX + x] + dn + up);
            }
}

int main(void)
{
    int iter, i;
    double sum = 0.0;

    upc_forall (i = 0; i < NZ * PLANE; i++; &in[i]) {
        in[i] = (double)(i % 7);
        out[i] = 0.0;
    }
    upc_barrier;

    for (iter = 0; iter < 10; iter++) {
        fetch_halos();
        sweep(0.4, 0.1);
        upc_barrier;
        upc_forall (i = 0; i < NZ * PLANE; i++; &out[i])
            in[i] = out[i];
        upc_barrier;
    }

    if (MYTHREAD == 0) {
        for (i = 0; i < NZ * PLANE; i += PLANE + 1)
            sum += in[i];
        printf("stencil checksum %.6e\n", sum);
    }
    return 0;
}
