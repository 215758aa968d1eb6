// stencil.upc - 2-D 5-point stencil over shared grids (seed 000, Listings 1-3).
//
// Listing 2 declares the grids cyclic (`shared int IN[N][N]`) and Listing 3
// distributes them by rows (`shared [B] int IN[N][N]`); both run
//     upc_forall(i=1; i<N-1; i++; &OUT[i])
//         for (j=1; j<N-1; j++)
//             OUT[i][j] = 0.25f * (IN[i-1][j] + IN[i+1][j] + IN[i][j-1] + IN[i][j+1]);
// and every access is one fine-grained get or put (N x N x 4 remote elements
// for the cyclic grid, 2 x N x THREADS for the blocked one).
//
// Under dynamic THREADS a distributed array must mention THREADS in one
// dimension (UPC 1.3 6.5.2.1), so the grids are declared with N*THREADS rows
// and the kernel uses the first N: this is exactly the layout of the paper's
// cyclic `[N][N]` arrays. Listing 3's block `N*(N/THREADS)` needs static
// THREADS; here the block is RB whole rows (block-cyclic by rows), which is
// Listing 3 when N == RB*THREADS. The result does not depend on THREADS.
//
// Run: upcc -o stencil stencil.upc && upcrun -n 4 ./stencil   (Berkeley UPC)
//      gupc -o stencil stencil.upc && ./stencil -n 4           (GNU UPC)
// Prints "stencil: cyclic=<checksum> blocked=<checksum> OK" from thread 0.
//
// expect: finegrain
// expect: forall
//
// The cyclic loop's affinity &OUT[i] is row i, which starts on thread
// (i*N) % THREADS: not one of the removable forms (i+c, &a[i] of a 1-D array
// or of whole-row blocks), so no forall finding there; a fix must not treat
// it as i + threadof(OUT).

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef N
#define N 128
#endif
#ifndef RB
#define RB 8
#endif
#ifndef ITERS
#define ITERS 4
#endif
#if N % RB != 0
#error "N must be a multiple of RB"
#endif

shared int OUT[N * THREADS][N];                 /* Listing 2: cyclic */
shared int IN[N * THREADS][N];
shared [RB * N] int BOUT[N * THREADS][N];       /* Listing 3: by rows */
shared [RB * N] int BIN[N * THREADS][N];

shared long part[THREADS];
shared long total;

static int init_value(int i, int j)
{
    return (i * 131 + j * 71) % 1024;
}

void stencil_kernel(void)
{
    int i, j;
    upc_forall (i = 1; i < N - 1; i++; &OUT[i]) {
        for (j = 1; j < N - 1; j++) {
            OUT[i][j] = 0.25f * (IN[i - 1][j] + IN[i + 1][j] // want "remote" "remote"
                                 + IN[i][j - 1] + IN[i][j + 1]);
        }
    }
}

void stencil_kernel_blocked(void)
{
    int i, j;
    upc_forall (i = 1; i < N - 1; i++; &BOUT[i]) { // want "affinity"
        for (j = 1; j < N - 1; j++) {
            BOUT[i][j] = 0.25f * (BIN[i - 1][j] + BIN[i + 1][j] // want "remote"
                                  + BIN[i][j - 1] + BIN[i][j + 1]);
        }
    }
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
    int i, j, k, b, it;
    int ncyc = (N * N - MYTHREAD + THREADS - 1) / THREADS; /* my cyclic elements */
    int *in_l = (int *)&IN[0][MYTHREAD];    /* my part of the cyclic grids */
    int *out_l = (int *)&OUT[0][MYTHREAD];
    int *ref = malloc(sizeof(int) * N * N), *tmp = malloc(sizeof(int) * N * N);
    long sum_c = 0, sum_b = 0, bad = 0, ref_sum = 0;

    if (N < THREADS) {
        if (MYTHREAD == 0)
            printf("stencil: needs THREADS <= N (N=%d), skipped\n", N);
        return 0;
    }
    /* every thread fills the elements it owns */
    for (k = 0; k < ncyc; k++) {
        int f = MYTHREAD + k * THREADS;
        in_l[k] = out_l[k] = init_value(f / N, f % N);
    }
    for (b = MYTHREAD; b < N / RB; b += THREADS)
        for (i = b * RB; i < b * RB + RB; i++) {
            int *bi = (int *)&BIN[i][0], *bo = (int *)&BOUT[i][0];
            for (j = 0; j < N; j++)
                bi[j] = bo[j] = init_value(i, j);
        }
    upc_barrier;

    for (it = 0; it < ITERS; it++) {
        stencil_kernel();
        stencil_kernel_blocked();
        upc_barrier;
        memcpy(in_l, out_l, sizeof(int) * ncyc);
        for (b = MYTHREAD; b < N / RB; b += THREADS)
            memcpy((int *)&BIN[b * RB][0], (int *)&BOUT[b * RB][0], sizeof(int) * RB * N);
        upc_barrier;
    }

    /* sequential recomputation (Listing 1) */
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            ref[i * N + j] = tmp[i * N + j] = init_value(i, j);
    for (it = 0; it < ITERS; it++) {
        for (i = 1; i < N - 1; i++)
            for (j = 1; j < N - 1; j++)
                tmp[i * N + j] = 0.25f * (ref[(i - 1) * N + j] + ref[(i + 1) * N + j]
                                          + ref[i * N + j - 1] + ref[i * N + j + 1]);
        memcpy(ref, tmp, sizeof(int) * N * N);
    }
    for (k = 0; k < N * N; k++)
        ref_sum += ref[k];

    /* every thread checks the elements it owns */
    for (k = 0; k < ncyc; k++) {
        int f = MYTHREAD + k * THREADS;
        sum_c += in_l[k];
        bad += in_l[k] != ref[f];
    }
    for (b = MYTHREAD; b < N / RB; b += THREADS)
        for (i = b * RB; i < b * RB + RB; i++) {
            int *bi = (int *)&BIN[i][0];
            for (j = 0; j < N; j++) {
                sum_b += bi[j];
                bad += bi[j] != ref[i * N + j];
            }
        }
    sum_c = sum_all(sum_c);
    sum_b = sum_all(sum_b);
    bad = sum_all(bad);
    if (MYTHREAD == 0) {
        int ok = bad == 0 && sum_c == ref_sum && sum_b == ref_sum;
        printf("stencil: cyclic=%ld blocked=%ld %s\n", sum_c, sum_b, ok ? "OK" : "FAILED");
        if (!ok)
            return 1;
    }
    free(ref);
    free(tmp);
    return 0;
}
