// ftbcast.upc - the NAS FT "broadcast the shared pointers" loop (seed 001,
// section 8.3.2, Figure 14).
//
// From the UPC FT benchmark (Figure 14):
//     shared [] dcomplex *shared reshuffle_arr_shd[THREADS];
//     ...
//     // Broadcast the shared pointers
//     for (i = 0; i < THREADS; i++)
//         reshuffle_arr[i] = reshuffle_arr_shd[i];
// Every thread reads the THREADS pointers one by one: THREADS x THREADS
// fine-grained remote reads, which the seed's message coalescing hoists out
// of the loop and which is a hand-written gather-all (upc_all_gather_all).
// The pointers are then used as in FT's transpose: each thread puts one
// chunk into every other thread's slab with upc_memput (bulk, coarse-grained:
// no finding), then transposes its slab locally.
//
// The matrix is NX x NX complex numbers, distributed by rows; NX must be a
// multiple of THREADS (the program says so and exits 0 otherwise; the default
// 48 divides by 1, 2, 3, 4, 8 and 16). The result does not depend on THREADS.
//
// Run: upcc -o ftbcast ftbcast.upc && upcrun -n 4 ./ftbcast
//      gupc -o ftbcast ftbcast.upc && ./ftbcast -n 4
// Prints "ftbcast: checksum=<re>,<im> OK" from thread 0.
//
// expect: collidiom

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef NX
#define NX 48
#endif

typedef struct {
    double real;
    double imag;
} dcomplex;

shared [] dcomplex *shared reshuffle_arr_shd[THREADS];

shared long part[THREADS];
shared long total;

/* element (i, j) of the original matrix; integers, so every sum is exact */
static dcomplex orig(int i, int j)
{
    dcomplex z;
    z.real = (double)((i * NX + j) % 1013);
    z.imag = (double)(-((i + 2 * j) % 101));
    return z;
}

/* Sum of v over all threads; the result is valid on thread 0. */
static long sum_all(long v)
{
    long r = 0;
    part[MYTHREAD] = v;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        r = total;
    return r;
}

int main(void)
{
    int i, j, t, rows = NX / THREADS, chunk = rows * rows;
    shared [] dcomplex **reshuffle_arr;
    dcomplex *slab, *mine, *out;
    long sre = 0, sim = 0, bad = 0, rre = 0, rim = 0;

    if (NX % THREADS != 0) {
        if (MYTHREAD == 0)
            printf("ftbcast: NX=%d is not a multiple of THREADS=%d, skipped\n", NX, THREADS);
        return 0;
    }
    reshuffle_arr = malloc(sizeof(*reshuffle_arr) * THREADS);
    mine = malloc(sizeof(dcomplex) * rows * NX);
    out = malloc(sizeof(dcomplex) * rows * NX);

    /* my rows of the matrix, and my receive slab */
    for (i = 0; i < rows; i++)
        for (j = 0; j < NX; j++)
            mine[i * NX + j] = orig(MYTHREAD * rows + i, j);
    reshuffle_arr_shd[MYTHREAD] = (shared [] dcomplex *)upc_alloc(sizeof(dcomplex) * rows * NX);
    upc_barrier;

    // Broadcast the shared pointers
    for (i = 0; i < THREADS; i++) // want "upc_all_"
        reshuffle_arr[i] = reshuffle_arr_shd[i];

    /* send to thread t the columns it will own: chunk (rows x rows) per thread,
       stored at offset MYTHREAD*chunk of t's slab */
    for (t = 0; t < THREADS; t++) {
        dcomplex *buf = out;   /* pack the block of my rows x t's columns */
        for (i = 0; i < rows; i++)
            for (j = 0; j < rows; j++)
                buf[i * rows + j] = mine[i * NX + t * rows + j];
        upc_memput(reshuffle_arr[t] + MYTHREAD * chunk, buf, sizeof(dcomplex) * chunk);
    }
    upc_barrier;

    /* local transpose: my row r of the transposed matrix is column
       MYTHREAD*rows + r of the original */
    slab = (dcomplex *)reshuffle_arr[MYTHREAD];
    for (t = 0; t < THREADS; t++)
        for (i = 0; i < rows; i++)
            for (j = 0; j < rows; j++)
                out[j * NX + t * rows + i] = slab[t * chunk + i * rows + j];

    /* check my rows of the transpose against a sequential recomputation */
    for (i = 0; i < rows; i++)
        for (j = 0; j < NX; j++) {
            dcomplex want = orig(j, MYTHREAD * rows + i), got = out[i * NX + j];
            sre += (long)got.real * (i + MYTHREAD * rows + 1);
            sim += (long)got.imag * (j + 1);
            bad += got.real != want.real || got.imag != want.imag;
        }
    sre = sum_all(sre);
    sim = sum_all(sim);
    bad = sum_all(bad);
    if (MYTHREAD == 0) {
        int ok;
        for (i = 0; i < NX; i++)
            for (j = 0; j < NX; j++) {
                dcomplex z = orig(j, i);
                rre += (long)z.real * (i + 1);
                rim += (long)z.imag * (j + 1);
            }
        ok = bad == 0 && sre == rre && sim == rim;
        printf("ftbcast: checksum=%ld,%ld %s\n", sre, sim, ok ? "OK" : "FAILED");
        if (!ok)
            return 1;
    }
    upc_barrier;
    upc_free(reshuffle_arr[MYTHREAD]);
    free(reshuffle_arr);
    free(mine);
    free(out);
    return 0;
}
