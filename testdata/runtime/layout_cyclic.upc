// Cyclic layout: affinity, phase and local offsets of every element.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define N 7
shared int a[N * THREADS];
shared double d[N * THREADS];
int main(void)
{
    int i;
    for (i = 0; i < N * THREADS; i++) {
        CHECK_EQ(upc_threadof(&a[i]), i % THREADS);
        CHECK_EQ(upc_phaseof(&a[i]), 0);
        CHECK_EQ(upc_threadof(&d[i]), i % THREADS);
        CHECK_EQ(upc_addrfield(&a[i]) - upc_addrfield(&a[i % THREADS]), (i / THREADS) * sizeof(int));
    }
    for (i = MYTHREAD; i < N * THREADS; i += THREADS)
        a[i] = i * 10;
    upc_barrier;
    for (i = 0; i < N * THREADS; i++)
        CHECK_EQ(a[i], i * 10);
    DONE();
    return 0;
}
