// Indefinite block size: everything on thread 0, phase 0, plain byte arithmetic.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [] double d[12];
int main(void)
{
    shared [] double *p = d + 5;
    CHECK_EQ(upc_threadof(p), 0);
    CHECK_EQ(upc_phaseof(p), 0);
    CHECK_EQ(p - d, 5);
    CHECK_EQ(upc_addrfield(p) - upc_addrfield(d), 5 * sizeof(double));
    CHECK(p + 1 > p);
    if (MYTHREAD == 0)
        d[11] = 2.5;
    upc_barrier;
    CHECK(*(p + 6) == 2.5);
    DONE();
    return 0;
}
