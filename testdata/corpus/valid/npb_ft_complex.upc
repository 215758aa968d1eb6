/* NAS FT (UPC) style: 1-D FFTs on the rows of a slab-distributed 3-D
 * array of dcomplex, complex arithmetic macros, twiddle factors, a
 * transpose through shared exchange buffers and a checksum reduction. */

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#define NX 16
#define NY 16
#define NZ 16
#define NITER 3
#define PI 3.141592653589793238
#define ALPHA 1.0e-6
#define SLAB (NZ / THREADS)

typedef struct {
    double real;
    double imag;
} dcomplex;

#define dcmplx(r, i) ((dcomplex){ (r), (i) })
#define dcmplx_add(a, b) dcmplx((a).real + (b).real, (a).imag + (b).imag)
#define dcmplx_sub(a, b) dcmplx((a).real - (b).real, (a).imag - (b).imag)
#define dcmplx_mul(a, b) dcmplx((a).real * (b).real - (a).imag * (b).imag, \
                                (a).real * (b).imag + (a).imag * (b).real)
#define dcmplx_mul2(a, s) dcmplx((a).real * (s), (a).imag * (s))
#define dcmplx_abs2(a) ((a).real * (a).real + (a).imag * (a).imag)

/* per-thread exchange blocks: one (NZ/THREADS x NY x NX) slab each */
#define XBLK (NX * NY)
shared [XBLK] dcomplex exch[THREADS][XBLK];
shared dcomplex chk_th[THREADS];
shared double chk_re, chk_im;
shared double re_th[THREADS], im_th[THREADS];

static dcomplex u0[NZ][NY][NX];
static dcomplex twiddle[NX];
static dcomplex scratch[NX];

static void fft_init(int n)
{
    int i;
    for (i = 0; i < n; i++) {
        double t = -2.0 * PI * i / n;
        twiddle[i] = dcmplx(cos(t), sin(t));
    }
}

/* naive radix-2 in place (bit reversal then butterflies) */
static void cfft1(dcomplex *x, int n, int dir)
{
    int i, j, k, m, len;
    dcomplex t, w, u, v;
    for (i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            t = x[i]; x[i] = x[j]; x[j] = t;
        }
    }
    for (len = 2; len <= n; len <<= 1) {
        m = n / len;
        for (i = 0; i < n; i += len)
            for (k = 0; k < len / 2; k++) {
                w = twiddle[k * m];
                if (dir < 0)
                    w.imag = -w.imag;
                u = x[i + k];
                v = dcmplx_mul(x[i + k + len / 2], w);
                x[i + k] = dcmplx_add(u, v);
                x[i + k + len / 2] = dcmplx_sub(u, v);
            }
    }
}

static void compute_initial(void)
{
    int i, j, k;
    for (k = 0; k < SLAB && k < NZ; k++)
        for (j = 0; j < NY; j++)
            for (i = 0; i < NX; i++)
                u0[k][j][i] = dcmplx(sin(0.1 * (i + j + k + MYTHREAD * SLAB)), cos(0.2 * (i - j)));
}

static void fft_rows(int dir)
{
    int j, k, i;
    for (k = 0; k < SLAB; k++)
        for (j = 0; j < NY; j++) {
            for (i = 0; i < NX; i++)
                scratch[i] = u0[k][j][i];
            cfft1(scratch, NX, dir);
            for (i = 0; i < NX; i++)
                u0[k][j][i] = scratch[i];
        }
}

static void evolve(int t)
{
    int i, j, k;
    double ex;
    for (k = 0; k < SLAB; k++)
        for (j = 0; j < NY; j++)
            for (i = 0; i < NX; i++) {
                ex = exp(-4.0 * ALPHA * PI * PI * (i * i + j * j + k * k) * t);
                u0[k][j][i] = dcmplx_mul2(u0[k][j][i], ex);
            }
}

static void checksum(int it)
{
    int j;
    dcomplex s = dcmplx(0.0, 0.0);
    for (j = 1; j <= 64; j++) {
        int q = j % NX, r = (3 * j) % NY, ss = (5 * j) % NZ;
        if (ss / SLAB == MYTHREAD)
            s = dcmplx_add(s, u0[ss % SLAB][r][q]);
    }
    re_th[MYTHREAD] = s.real;
    im_th[MYTHREAD] = s.imag;
    upc_all_reduceD(&chk_re, re_th, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceD(&chk_im, im_th, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf(" T = %5d     Checksum = %22.12e %22.12e\n", it, chk_re, chk_im);
}

int main(void)
{
    int it;
    if (NZ % THREADS != 0) {
        if (MYTHREAD == 0)
            printf("NZ (%d) must be a multiple of THREADS (%d)\n", NZ, THREADS);
        return 1;
    }
    fft_init(NX);
    compute_initial();
    fft_rows(1);
    upc_barrier;
    for (it = 1; it <= NITER; it++) {
        evolve(it);
        fft_rows(-1);
        checksum(it);
    }
    return 0;
}
