// rows_indefinite2d.upc - a 2-D indefinite grid read in a loop nest: the
// rows the loop touches are one upc_memget into a buffer with the same
// row length, indexed as G[i - lo][j].
#include <upc_relaxed.h>
#include <stdio.h>

#define R 40
#define C 30

shared [] int G[R][C];

long band(int r0)
{
    int i, j;
    long s = 0;
    for (i = r0; i < r0 + 5; i++)
        for (j = 0; j < C; j++)
            s += G[i][j] * (j + 1) - G[i + 1][j];
    return s;
}

int main(void)
{
    int i, j;
    if (MYTHREAD == 0) {
        int *g = (int *)G;
        for (i = 0; i < R; i++)
            for (j = 0; j < C; j++)
                g[i * C + j] = (i * 5 + j * 3) % 17;
    }
    upc_barrier;
    printf("thread %d: band=%ld\n", MYTHREAD, band(MYTHREAD % 30));
    return 0;
}
