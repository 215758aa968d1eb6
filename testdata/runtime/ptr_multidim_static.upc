// Multi-dimensional shared arrays and [*] under static THREADS.
// flags: --threads 4
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [*] int s[4][6];
shared [2] int m[THREADS][5];
int main(void)
{
    int i, j;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 6; j++)
            CHECK_EQ(upc_threadof(&s[i][j]), (i * 6 + j) / 6);
    for (i = 0; i < THREADS; i++)
        for (j = 0; j < 5; j++)
            CHECK_EQ(upc_threadof(&m[i][j]), ((i * 5 + j) / 2) % THREADS);
    upc_forall (i = 0; i < 24; i++; &s[0][i])
        s[i / 6][i % 6] = i;
    upc_barrier;
    CHECK_EQ(s[3][5], 23);
    CHECK_EQ(&s[2][0] - &s[0][0], 12);
    CHECK_EQ(sizeof(s), 24 * sizeof(int));
    DONE();
    return 0;
}
