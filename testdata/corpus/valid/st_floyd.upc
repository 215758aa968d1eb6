// upclint-flags: --threads 4 -DNV=64
/* Floyd-Warshall all-pairs shortest paths; row k is broadcast each step. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <limits.h>

#ifndef NV
#define NV 32
#endif
#define INF (INT_MAX / 4)

shared [NV * NV / THREADS] int dist[NV][NV];
shared [] int krow_src[NV];
shared [NV] int krow[NV * THREADS];

int main(void)
{
    int i, j, k;
    int *row;

    upc_forall (i = 0; i < NV; i++; &dist[i][0])
        for (j = 0; j < NV; j++)
            dist[i][j] = i == j ? 0 : (j == (i + 1) % NV ? 1 : INF);
    upc_barrier;

    row = (int *)&krow[MYTHREAD * NV];
    for (k = 0; k < NV; k++) {
        if (MYTHREAD == 0)
            upc_memcpy(krow_src, &dist[k][0], NV * sizeof(int));
        upc_all_broadcast(krow, krow_src, NV * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        upc_forall (i = 0; i < NV; i++; &dist[i][0]) {
            int *di = (int *)&dist[i][0];
            int dik = di[k];
            for (j = 0; j < NV; j++)
                if (dik + row[j] < di[j])
                    di[j] = dik + row[j];
        }
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("st_floyd: d(0,%d) = %d: %s\n", NV - 1, dist[0][NV - 1],
               dist[0][NV - 1] == NV - 1 ? "passed" : "failed");
    return 0;
}
