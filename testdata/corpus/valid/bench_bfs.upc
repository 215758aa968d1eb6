/* Level-synchronous BFS on a ring-with-chords graph; vertices are distributed
   cyclically, the frontier is a shared flag array. */
#include <upc.h>
#include <stdio.h>
#include <stdbool.h>

#define VPT 256                     /* vertices per thread */
#define NV (VPT * THREADS)

shared int level[VPT * THREADS];
shared bool in_frontier[VPT * THREADS];
shared bool next_frontier[VPT * THREADS];
shared int changed[THREADS];

static int neighbour(int v, int k)
{
    switch (k) {
    case 0:  return (v + 1) % NV;
    case 1:  return (v + NV - 1) % NV;
    default: return (v * 7 + 3) % NV;
    }
}

int main(void)
{
    int v, k, depth = 0, any;

    upc_forall (v = 0; v < NV; v++; &level[v]) {
        level[v] = v == 0 ? 0 : -1;
        in_frontier[v] = v == 0;
        next_frontier[v] = false;
    }
    upc_barrier;
    do {
        int c = 0;
        upc_forall (v = 0; v < NV; v++; &in_frontier[v]) {
            if (!in_frontier[v])
                continue;
            for (k = 0; k < 3; k++) {
                int w = neighbour(v, k);
                if (level[w] < 0) {
                    level[w] = depth + 1;      /* benign race: same value from all writers */
                    next_frontier[w] = true;
                    c++;
                }
            }
        }
        changed[MYTHREAD] = c;
        upc_barrier;
        upc_forall (v = 0; v < NV; v++; &in_frontier[v]) {
            in_frontier[v] = next_frontier[v];
            next_frontier[v] = false;
        }
        any = 0;
        for (k = 0; k < THREADS; k++)
            any += changed[k];
        depth++;
        upc_barrier;
    } while (any > 0);
    if (MYTHREAD == 0) {
        int unreached = 0;
        for (v = 0; v < NV; v++)
            unreached += level[v] < 0;
        printf("bfs: depth %d, %d unreached\n", depth, unreached);
    }
    return 0;
}
