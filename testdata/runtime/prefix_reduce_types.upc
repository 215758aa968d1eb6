// upc_all_prefix_reduceT for several types, operators and block sizes.
// expect-all: ok
#include <upc.h>
#include <upc_collective.h>
#include "check.h"
#define N 5
#define F (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)
shared [N] long sl[N * THREADS], pl[N * THREADS];
shared [2] unsigned short su[N * THREADS], pu[N * THREADS];
shared double sd[N * THREADS], pd[N * THREADS];
int main(void)
{
    int i, n = N * THREADS;
    upc_forall (i = 0; i < n; i++; &sl[i]) sl[i] = i;
    upc_forall (i = 0; i < n; i++; &su[i]) su[i] = (unsigned short)(i % 3);
    upc_forall (i = 0; i < n; i++; &sd[i]) sd[i] = 1.5;
    upc_all_prefix_reduceL(pl, sl, UPC_ADD, n, N, NULL, F);
    upc_all_prefix_reduceUS(pu, su, UPC_MAX, n, 2, NULL, F);
    upc_all_prefix_reduceD(pd, sd, UPC_ADD, n, 1, NULL, F);
    for (i = 0; i < n; i++) {
        CHECK_EQ(pl[i], (long)i * (i + 1) / 2);
        CHECK_EQ(pu[i], i >= 2 ? 2 : i);
        CHECK(pd[i] == 1.5 * (i + 1));
    }
    upc_all_prefix_reduceL(pl, sl, UPC_MIN, n, N, NULL, UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
    upc_barrier;
    for (i = 0; i < n; i++)
        CHECK_EQ(pl[i], 0);
    DONE();
    return 0;
}
