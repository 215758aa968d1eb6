// Blocked layout: phase runs 0..B-1, then the next thread; resetphase and casts.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define B 3
shared [B] int a[B * 2 * THREADS];
int main(void)
{
    shared [B] int *p = a;
    shared int *c;
    int i;
    for (i = 0; i < B * 2 * THREADS; i++) {
        CHECK_EQ(upc_phaseof(p + i), i % B);
        CHECK_EQ(upc_threadof(p + i), (i / B) % THREADS);
        CHECK_EQ((p + i) - p, i);
    }
    CHECK_EQ(upc_phaseof(upc_resetphase(p + 2)), 0);
    c = (shared int *)(p + 2);
    CHECK_EQ(upc_phaseof(c), 0);
    CHECK_EQ(upc_threadof(c), 0);
    CHECK(&a[B] > &a[B - 1]);
    DONE();
    return 0;
}
