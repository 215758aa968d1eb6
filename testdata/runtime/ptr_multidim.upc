// Pointers to rows of a blocked 2-D array: pointer-to-array arithmetic.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define C 5
shared [C] int m[THREADS][C];
int main(void)
{
    int i, j;
    shared [C] int (*row)[C] = m;
    for (i = 0; i < THREADS; i++)
        for (j = 0; j < C; j++)
            CHECK((*(row + i)) + j == &m[i][j]);
    upc_forall (i = 0; i < THREADS; i++; &m[i][0])
        for (j = 0; j < C; j++)
            m[i][j] = i * C + j;
    upc_barrier;
    for (i = 0; i < THREADS; i++) {
        CHECK_EQ(upc_threadof(&row[i][0]), i);
        for (j = 0; j < C; j++)
            CHECK_EQ(row[i][j], i * C + j);
    }
    DONE();
    return 0;
}
