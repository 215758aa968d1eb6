// upclint-flags: -DNLOC=512 -DITERS=100
/* 1-D Jacobi where interior points are updated between upc_notify and
   upc_wait, overlapping the barrier with computation. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#ifndef NLOC
#define NLOC 128
#endif
#ifndef ITERS
#define ITERS 10
#endif

shared [NLOC] double a[NLOC * THREADS];
shared double edge_left[THREADS], edge_right[THREADS];

int main(void)
{
    static double cur[NLOC + 2], nxt[NLOC + 2];
    double *mine = (double *)&a[MYTHREAD * NLOC];
    int it, i;

    for (i = 0; i < NLOC; i++)
        mine[i] = (MYTHREAD == 0 && i == 0) ? 1.0 : 0.0;
    memcpy(cur + 1, mine, NLOC * sizeof(double));
    cur[0] = cur[NLOC + 1] = 0.0;

    for (it = 0; it < ITERS; it++) {
        edge_left[MYTHREAD] = cur[1];
        edge_right[MYTHREAD] = cur[NLOC];
        upc_notify;
        for (i = 2; i < NLOC; i++)              /* interior: no remote data */
            nxt[i] = 0.5 * (cur[i - 1] + cur[i + 1]);
        upc_wait;
        cur[0] = MYTHREAD > 0 ? edge_right[MYTHREAD - 1] : 0.0;
        cur[NLOC + 1] = MYTHREAD < THREADS - 1 ? edge_left[MYTHREAD + 1] : 0.0;
        nxt[1] = 0.5 * (cur[0] + cur[2]);
        nxt[NLOC] = 0.5 * (cur[NLOC - 1] + cur[NLOC + 1]);
        upc_barrier;                            /* edges read before they change */
        memcpy(cur + 1, nxt + 1, NLOC * sizeof(double));
    }
    memcpy(mine, cur + 1, NLOC * sizeof(double));
    upc_barrier;
    if (MYTHREAD == 0)
        printf("jacobi: a[1] = %.6e\n", a[1]);
    return 0;
}
