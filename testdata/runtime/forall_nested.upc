// Nested upc_forall: only the outermost distributes, also through a call.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int hits[4 * THREADS];
static int inner_count(void)
{
    int j, n = 0;
    upc_forall (j = 0; j < 6; j++; j)
        n++;
    return n;
}
int main(void)
{
    int i, j, inner = 0, called = 0, outer = 0;
    upc_forall (i = 0; i < 4 * THREADS; i++; &hits[i]) {
        outer++;
        upc_forall (j = 0; j < 5; j++; j)
            inner++;
        called += inner_count();
    }
    CHECK_EQ(inner, outer * 5);
    CHECK_EQ(called, outer * 6);
    /* a forall with continue affinity does not control: the inner one distributes */
    inner = 0;
    upc_forall (i = 0; i < 2; i++; continue)
        upc_forall (j = 0; j < 2 * THREADS; j++; j)
            inner++;
    CHECK_EQ(inner, 4);
    /* after the nest, a forall distributes again */
    outer = 0;
    upc_forall (i = 0; i < THREADS; i++; i)
        outer++;
    CHECK_EQ(outer, 1);
    DONE();
    return 0;
}
