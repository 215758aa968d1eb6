// UPC 1.3 atomics over several types: counters, CSWAP, floating MIN/MAX, GET/SET when requested.
// expect-all: ok
#include <upc.h>
#include <upc_atomic.h>
#include "check.h"
shared unsigned int u;
shared double best;
shared long cnt;
int main(void)
{
    upc_atomicdomain_t *du = upc_all_atomicdomain_alloc(UPC_UINT, UPC_INC | UPC_GET | UPC_SET, 0);
    upc_atomicdomain_t *dd = upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_MAX | UPC_SET | UPC_GET, 0);
    upc_atomicdomain_t *dl = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD | UPC_SUB | UPC_CSWAP, 0);
    unsigned int r;
    double x = MYTHREAD * 1.5, got;
    long two = 2, one = 1, old, z = 0;
    int i;
    if (MYTHREAD == 0) {
        unsigned int zero = 0;
        double lo = -1.0;
        upc_atomic_strict(du, NULL, UPC_SET, &u, &zero, NULL);
        upc_atomic_strict(dd, NULL, UPC_SET, &best, &lo, NULL);
    }
    upc_barrier;
    for (i = 0; i < 10; i++)
        upc_atomic_relaxed(du, NULL, UPC_INC, &u, NULL, NULL);
    upc_atomic_relaxed(dd, NULL, UPC_MAX, &best, &x, NULL);
    upc_atomic_relaxed(dl, NULL, UPC_ADD, &cnt, &two, NULL);
    upc_atomic_relaxed(dl, NULL, UPC_SUB, &cnt, &one, NULL);
    upc_barrier;
    upc_atomic_strict(du, &r, UPC_GET, &u, NULL, NULL);
    upc_atomic_strict(dd, &got, UPC_GET, &best, NULL, NULL);
    CHECK_EQ(r, 10 * THREADS);
    CHECK(got == (THREADS - 1) * 1.5);
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_atomic_strict(dl, &old, UPC_CSWAP, &cnt, &cnt == 0 ? &z : &z, &z);
        CHECK_EQ(old, THREADS);
    }
    CHECK(upc_atomic_isfast(UPC_LONG, UPC_ADD, &cnt));
    upc_barrier;
    upc_all_atomicdomain_free(du);
    upc_all_atomicdomain_free(dd);
    upc_all_atomicdomain_free(dl);
    DONE();
    return 0;
}
