// upclint-flags: --threads 4
/* k-means in 2-D: points blocked per thread, centroids reduced by thread 0
   from per-thread partial sums. */
#include <upc.h>
#include <stdio.h>
#include <float.h>

#define NPTS 2000
#define K 4
#define ITERS 10

typedef struct { double x, y; } pt_t;
typedef struct { double sx, sy; long n; } acc_t;

shared [NPTS / THREADS] pt_t pts[NPTS];
shared [K] acc_t partial[K * THREADS];
shared pt_t centre[K];

int main(void)
{
    int it, i, k;
    pt_t c[K];
    acc_t acc[K];
    pt_t *mine = (pt_t *)&pts[MYTHREAD * (NPTS / THREADS)];

    for (i = 0; i < NPTS / THREADS; i++) {
        int g = MYTHREAD * (NPTS / THREADS) + i;
        mine[i].x = (g % 4 < 2 ? 10.0 : -10.0) + (g % 7) * 0.1;
        mine[i].y = (g % 2 ? 10.0 : -10.0) + (g % 5) * 0.1;
    }
    if (MYTHREAD == 0)
        for (k = 0; k < K; k++) {
            centre[k].x = k < 2 ? 5.0 : -5.0;
            centre[k].y = k % 2 ? 5.0 : -5.0;
        }
    upc_barrier;

    for (it = 0; it < ITERS; it++) {
        for (k = 0; k < K; k++) {
            c[k] = centre[k];
            acc[k].sx = acc[k].sy = 0.0;
            acc[k].n = 0;
        }
        for (i = 0; i < NPTS / THREADS; i++) {
            int best = 0;
            double bd = DBL_MAX;
            for (k = 0; k < K; k++) {
                double dx = mine[i].x - c[k].x, dy = mine[i].y - c[k].y;
                double d = dx * dx + dy * dy;
                if (d < bd) { bd = d; best = k; }
            }
            acc[best].sx += mine[i].x;
            acc[best].sy += mine[i].y;
            acc[best].n++;
        }
        upc_memput(&partial[MYTHREAD * K], acc, sizeof acc);
        upc_barrier;
        if (MYTHREAD == 0)
            for (k = 0; k < K; k++) {
                acc_t tot = { 0.0, 0.0, 0 };
                int t;
                for (t = 0; t < THREADS; t++) {
                    acc_t a = partial[t * K + k];
                    tot.sx += a.sx; tot.sy += a.sy; tot.n += a.n;
                }
                if (tot.n > 0) {
                    centre[k].x = tot.sx / tot.n;
                    centre[k].y = tot.sy / tot.n;
                }
            }
        upc_barrier;
    }
    if (MYTHREAD == 0)
        for (k = 0; k < K; k++)
            printf("centre %d: (%.2f, %.2f)\n", k, centre[k].x, centre[k].y);
    return 0;
}
