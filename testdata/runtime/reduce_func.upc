// UPC_FUNC and UPC_NONCOMM_FUNC reductions and prefix reductions with user functions.
// expect-all: ok
#include <upc.h>
#include <upc_collective.h>
#include "check.h"
#define F (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)
shared int s[3 * THREADS];
shared int r;
shared int p[3 * THREADS];
static int add(int a, int b) { return a + b; }
static int left(int a, int b) { (void)b; return a; }
static int right(int a, int b) { (void)a; return b; }
int main(void)
{
    int i, n = 3 * THREADS;
    upc_forall (i = 0; i < n; i++; &s[i])
        s[i] = i + 1;
    upc_all_reduceI(&r, s, UPC_FUNC, n, 1, add, F);
    CHECK_EQ(r, n * (n + 1) / 2);
    upc_all_reduceI(&r, s, UPC_NONCOMM_FUNC, n, 1, left, F);
    CHECK_EQ(r, 1);
    upc_all_reduceI(&r, s, UPC_NONCOMM_FUNC, n, 1, right, F);
    CHECK_EQ(r, n);
    upc_all_prefix_reduceI(p, s, UPC_NONCOMM_FUNC, n, 1, right, F);
    for (i = 0; i < n; i++)
        CHECK_EQ(p[i], i + 1);
    upc_all_prefix_reduceI(p, s, UPC_FUNC, n, 1, add, F);
    for (i = 0; i < n; i++)
        CHECK_EQ(p[i], (i + 1) * (i + 2) / 2);
    DONE();
    return 0;
}
