// upc_forall with continue or no affinity: every thread runs every iteration.
// expect-all: ok
#include <upc.h>
#include "check.h"
int main(void)
{
    int i, n = 0, m = 0, k = 0;
    upc_forall (i = 0; i < 10; i++; continue)
        n++;
    upc_forall (i = 0; i < 10; i++;)
        m++;
    upc_forall (int j = 0; j < 4 * THREADS; j++; j) {
        if (j % 2)
            continue; /* a C continue inside the body */
        k++;
    }
    CHECK_EQ(n, 10);
    CHECK_EQ(m, 10);
    {
        int expect = 0;
        for (i = 0; i < 4 * THREADS; i += 2)
            expect += i % THREADS == MYTHREAD;
        CHECK_EQ(k, expect);
    }
    DONE();
    return 0;
}
