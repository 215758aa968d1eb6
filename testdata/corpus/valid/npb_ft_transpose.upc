/*
 * NPB FT fragment: global transpose of a complex 2-D array distributed by
 * rows.  Each thread packs the pieces destined to every other thread and the
 * exchange is done with upc_all_exchange; then a local transpose.
 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#define NROWS_LOC 4                          /* rows per thread */

typedef struct { double real, imag; } dcomplex;

#define cadd(c, a, b) ((c).real = (a).real + (b).real, (c).imag = (a).imag + (b).imag)

/* each block holds the NROWS_LOC x NROWS_LOC tile that one thread sends another */
#define TILE (NROWS_LOC * NROWS_LOC)
shared void *sendbuf, *recvbuf;

static dcomplex *xloc;                       /* my rows: NROWS_LOC x (NROWS_LOC*THREADS) */

static void pack(dcomplex *dst, int ncols)
{
    int t, i, j;
    for (t = 0; t < THREADS; t++)
        for (i = 0; i < NROWS_LOC; i++)
            for (j = 0; j < NROWS_LOC; j++)
                dst[(t * NROWS_LOC + i) * NROWS_LOC + j] = xloc[i * ncols + t * NROWS_LOC + j];
}

static void unpack_transposed(const dcomplex *src, int ncols)
{
    int t, i, j;
    for (t = 0; t < THREADS; t++)
        for (i = 0; i < NROWS_LOC; i++)
            for (j = 0; j < NROWS_LOC; j++)
                xloc[j * ncols + t * NROWS_LOC + i] = src[(t * NROWS_LOC + i) * NROWS_LOC + j];
}

int main(void)
{
    const int ncols = NROWS_LOC * THREADS;
    const size_t tile_bytes = TILE * sizeof(dcomplex);
    dcomplex *mysend, *myrecv;
    int i, j;
    double err = 0.0;

    sendbuf = upc_all_alloc(THREADS, THREADS * tile_bytes);
    recvbuf = upc_all_alloc(THREADS, THREADS * tile_bytes);
    mysend = (dcomplex *)((shared char *)sendbuf + MYTHREAD);
    myrecv = (dcomplex *)((shared char *)recvbuf + MYTHREAD);
    xloc = malloc((size_t)NROWS_LOC * ncols * sizeof(dcomplex));

    for (i = 0; i < NROWS_LOC; i++)
        for (j = 0; j < ncols; j++) {
            int gi = MYTHREAD * NROWS_LOC + i;
            xloc[i * ncols + j].real = gi;
            xloc[i * ncols + j].imag = j;
        }

    pack(mysend, ncols);
    upc_all_exchange(recvbuf, sendbuf, tile_bytes, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    unpack_transposed(myrecv, ncols);

    for (i = 0; i < NROWS_LOC; i++)
        for (j = 0; j < ncols; j++) {
            dcomplex want = { j, MYTHREAD * NROWS_LOC + i }, d;
            dcomplex neg = { -xloc[i * ncols + j].real, -xloc[i * ncols + j].imag };
            cadd(d, want, neg);
            err += fabs(d.real) + fabs(d.imag);
        }
    printf("thread %d: transpose %s\n", MYTHREAD, err == 0.0 ? "passed" : "failed");
    upc_barrier;
    upc_all_free(sendbuf);
    upc_all_free(recvbuf);
    free(xloc);
    return 0;
}
