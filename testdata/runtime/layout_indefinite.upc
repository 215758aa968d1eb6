// Indefinite block size: everything on thread 0; scalars on thread 0.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [] int ind[25];
shared int scalar;
shared [] double *p;
int main(void)
{
    int i;
    for (i = 0; i < 25; i++) {
        CHECK_EQ(upc_threadof(&ind[i]), 0);
        CHECK_EQ(upc_phaseof(&ind[i]), 0);
    }
    CHECK_EQ(upc_threadof(&scalar), 0);
    if (MYTHREAD == THREADS - 1) {
        for (i = 0; i < 25; i++)
            ind[i] = i * i;
        scalar = 99;
    }
    upc_barrier;
    for (i = 0; i < 25; i++)
        CHECK_EQ(ind[i], i * i);
    CHECK_EQ(scalar, 99);
    p = (shared [] double *)upc_alloc(4 * sizeof(double));
    CHECK_EQ(upc_threadof(p + 3), MYTHREAD);
    upc_barrier;
    DONE();
    return 0;
}
