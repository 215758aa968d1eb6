// Block-cyclic layouts with several block sizes.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [3] int b3[10 * THREADS];
shared [5] char b5[5 * THREADS];
shared [16] long b16[20 * THREADS];
int main(void)
{
    int i;
    for (i = 0; i < 10 * THREADS; i++) {
        CHECK_EQ(upc_threadof(&b3[i]), (i / 3) % THREADS);
        CHECK_EQ(upc_phaseof(&b3[i]), i % 3);
    }
    for (i = 0; i < 5 * THREADS; i++) {
        CHECK_EQ(upc_threadof(&b5[i]), i / 5);
        CHECK_EQ(upc_phaseof(&b5[i]), i % 5);
    }
    for (i = 0; i < 20 * THREADS; i++) {
        CHECK_EQ(upc_threadof(&b16[i]), (i / 16) % THREADS);
        CHECK_EQ(upc_phaseof(&b16[i]), i % 16);
        if (upc_threadof(&b16[i]) == MYTHREAD)
            b16[i] = 3 * i;
    }
    upc_barrier;
    for (i = 0; i < 20 * THREADS; i++)
        CHECK_EQ(b16[i], 3 * i);
    DONE();
    return 0;
}
