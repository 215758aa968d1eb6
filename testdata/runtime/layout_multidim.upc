// Multi-dimensional shared arrays: row-major flattening over all dimensions.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define R 5
#define C 6
shared [4] int a[R][C * THREADS];
shared int cyc[THREADS][3][2];
shared [2] double d3[2][THREADS][5];
int main(void)
{
    int i, j, k;
    for (i = 0; i < R; i++)
        for (j = 0; j < C * THREADS; j++) {
            int flat = i * C * THREADS + j;
            CHECK_EQ(upc_threadof(&a[i][j]), (flat / 4) % THREADS);
            CHECK_EQ(upc_phaseof(&a[i][j]), flat % 4);
        }
    for (i = 0; i < THREADS; i++)
        for (j = 0; j < 3; j++)
            for (k = 0; k < 2; k++)
                CHECK_EQ(upc_threadof(&cyc[i][j][k]), (i * 6 + j * 2 + k) % THREADS);
    for (i = 0; i < 2; i++)
        for (j = 0; j < THREADS; j++)
            for (k = 0; k < 5; k++) {
                int flat = (i * THREADS + j) * 5 + k;
                CHECK_EQ(upc_threadof(&d3[i][j][k]), (flat / 2) % THREADS);
                if (upc_threadof(&d3[i][j][k]) == MYTHREAD)
                    d3[i][j][k] = flat;
            }
    upc_barrier;
    for (i = 0; i < 2; i++)
        for (j = 0; j < THREADS; j++)
            for (k = 0; k < 5; k++)
                CHECK(d3[i][j][k] == (i * THREADS + j) * 5 + k);
    DONE();
    return 0;
}
