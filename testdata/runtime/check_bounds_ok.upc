// --check: in-bounds subscripts of every layout report nothing.
// check: 1
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int a[4 * THREADS];
shared [3] double b[7 * THREADS];
shared [] char c[20];
int main(void)
{
    int i;
    upc_forall (i = 0; i < 4 * THREADS; i++; &a[i])
        a[i] = i;
    upc_forall (i = 0; i < 7 * THREADS; i++; &b[i])
        b[i] = i;
    if (MYTHREAD == 0)
        for (i = 0; i < 20; i++)
            c[i] = (char)i;
    upc_barrier;
    CHECK_EQ(a[4 * THREADS - 1], 4 * THREADS - 1);
    CHECK(b[7 * THREADS - 1] == 7 * THREADS - 1);
    CHECK_EQ(c[19], 19);
    DONE();
    return 0;
}
