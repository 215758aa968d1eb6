// Reductions with UPC_IN_NOSYNC / UPC_OUT_NOSYNC, separated by user barriers.
// expect-all: ok
#include <upc.h>
#include <upc_collective.h>
#include "check.h"
shared int s[THREADS];
shared int r;
int main(void)
{
    int k;
    for (k = 0; k < 5; k++) {
        s[MYTHREAD] = MYTHREAD + k;
        upc_barrier;
        upc_all_reduceI(&r, s, UPC_ADD, THREADS, 1, NULL, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
        upc_barrier;
        CHECK_EQ(r, THREADS * (THREADS - 1) / 2 + k * THREADS);
        upc_barrier;
    }
    DONE();
    return 0;
}
