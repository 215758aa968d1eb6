// upclint-flags: --threads 8 -DIMG=256
/* Sobel on a row-slab distributed image (static THREADS), with the slab
   boundary rows fetched once per thread. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef IMG
#define IMG 128
#endif
#define SLAB (IMG / THREADS)

shared [IMG * IMG / THREADS] unsigned char src[IMG][IMG];
shared [IMG * IMG / THREADS] unsigned char dst[IMG][IMG];

static unsigned char win[SLAB + 2][IMG];

static inline int clampi(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

int main(void)
{
    const int r0 = MYTHREAD * SLAB;
    int r, c, edges = 0;

    upc_forall (r = 0; r < IMG; r++; &src[r][0])
        for (c = 0; c < IMG; c++)
            src[r][c] = (unsigned char)((r / 16 + c / 16) % 2 ? 200 : 20);
    upc_barrier;
    upc_memget(win[1], &src[r0][0], SLAB * IMG);
    if (r0 > 0)
        upc_memget(win[0], &src[r0 - 1][0], IMG);
    if (r0 + SLAB < IMG)
        upc_memget(win[SLAB + 1], &src[r0 + SLAB][0], IMG);
    for (r = 1; r <= SLAB; r++) {
        int g = r0 + r - 1;
        unsigned char *out = (unsigned char *)&dst[g][0];
        if (g == 0 || g == IMG - 1)
            continue;
        for (c = 1; c < IMG - 1; c++) {
            int gx = -win[r - 1][c - 1] - 2 * win[r][c - 1] - win[r + 1][c - 1]
                   + win[r - 1][c + 1] + 2 * win[r][c + 1] + win[r + 1][c + 1];
            int gy = -win[r - 1][c - 1] - 2 * win[r - 1][c] - win[r - 1][c + 1]
                   + win[r + 1][c - 1] + 2 * win[r + 1][c] + win[r + 1][c + 1];
            out[c] = (unsigned char)clampi(abs(gx) + abs(gy));
            edges += out[c] > 128;
        }
    }
    upc_barrier;
    printf("thread %d: %d edge pixels\n", MYTHREAD, edges);
    return 0;
}
