// upclint-flags: --threads 4 -DBS=32
/* Cannon's algorithm on a 2x2 thread grid: blocks of A shift left, blocks of
   B shift up, one block struct per thread in each shared array. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#ifndef BS
#define BS 16
#endif
#define Q 2                                    /* sqrt(THREADS) */

typedef struct { double v[BS][BS]; } blk_t;

shared blk_t A[Q][Q], B[Q][Q], C[Q][Q];
shared blk_t Anext[Q][Q], Bnext[Q][Q];

static void mult_add(double (*c)[BS], double (*a)[BS], double (*b)[BS])
{
    int i, j, k;
    for (i = 0; i < BS; i++)
        for (k = 0; k < BS; k++)
            for (j = 0; j < BS; j++)
                c[i][j] += a[i][k] * b[k][j];
}

int main(void)
{
    const int r = MYTHREAD / Q, c = MYTHREAD % Q;
    blk_t *a = (blk_t *)&A[r][c], *b = (blk_t *)&B[r][c], *cc = (blk_t *)&C[r][c];
    int step, i, j;

    for (i = 0; i < BS; i++)
        for (j = 0; j < BS; j++) {
            a->v[i][j] = 1.0;
            b->v[i][j] = i == j;
            cc->v[i][j] = 0.0;
        }
    upc_barrier;
    for (step = 0; step < Q; step++) {
        mult_add(cc->v, a->v, b->v);
        /* send my blocks to the left and upper neighbours */
        upc_memput(&Anext[r][(c + Q - 1) % Q], a, sizeof(blk_t));
        upc_memput(&Bnext[(r + Q - 1) % Q][c], b, sizeof(blk_t));
        upc_barrier;
        memcpy(a, (blk_t *)&Anext[r][c], sizeof(blk_t));
        memcpy(b, (blk_t *)&Bnext[r][c], sizeof(blk_t));
        upc_barrier;
    }
    printf("thread %d: C[0][0] = %.1f (expect %d)\n", MYTHREAD, cc->v[0][0], Q);
    return 0;
}
