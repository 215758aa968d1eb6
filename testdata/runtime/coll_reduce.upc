// upc_all_reduce and upc_all_prefix_reduce over a cyclic array.
// expect-all: ok
#include <upc.h>
#include <upc_collective.h>
#include "check.h"
shared long v[5 * THREADS];
shared long sum, mx;
shared long pre[5 * THREADS];
shared double dv[THREADS];
shared double dsum;
int main(void)
{
    int i, n = 5 * THREADS;
    upc_forall (i = 0; i < n; i++; &v[i])
        v[i] = i + 1;
    dv[MYTHREAD] = 0.5;
    upc_all_reduceL(&sum, v, UPC_ADD, n, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceL(&mx, v, UPC_MAX, n, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_prefix_reduceL(pre, v, UPC_ADD, n, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceD(&dsum, dv, UPC_ADD, THREADS, 1, NULL, 0);
    CHECK_EQ(sum, (long)n * (n + 1) / 2);
    CHECK_EQ(mx, n);
    for (i = 0; i < n; i++)
        CHECK_EQ(pre[i], (long)(i + 1) * (i + 2) / 2);
    CHECK(dsum == 0.5 * THREADS);
    DONE();
    return 0;
}
