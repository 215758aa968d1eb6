// Pointer arithmetic and comparison on a cyclic array: thread and phase advance.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int a[5 * THREADS];
int main(void)
{
    shared int *p = &a[0], *q;
    int i;
    for (i = 0; i < 5 * THREADS; i++, p++) {
        CHECK_EQ(upc_threadof(p), i % THREADS);
        CHECK_EQ(upc_phaseof(p), 0);
        CHECK(p == &a[i]);
    }
    q = &a[3];
    CHECK_EQ(q - &a[0], 3);
    CHECK(q > &a[2] && q < &a[4] && q >= &a[3] && q <= &a[3]);
    CHECK((q + THREADS) - q == THREADS);
    CHECK_EQ(upc_threadof(q + THREADS), upc_threadof(q));
    DONE();
    return 0;
}
