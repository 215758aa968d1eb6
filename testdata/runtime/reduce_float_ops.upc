// upc_all_reduceF/D/LD with ADD, MULT, MIN, MAX and blocked sources.
// expect-all: ok
#include <upc.h>
#include <upc_collective.h>
#include "check.h"
#define N 4
#define F (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)
shared [N] float sf[N * THREADS];
shared [N] double sd[N * THREADS];
shared [N] long double sl[N * THREADS];
shared float rf;
shared double rd;
shared long double rl;
int main(void)
{
    int i, n = N * THREADS;
    upc_forall (i = 0; i < n; i++; &sd[i]) {
        sf[i] = (float)(i + 1);
        sd[i] = i + 1;
        sl[i] = i + 1;
    }
    upc_all_reduceF(&rf, sf, UPC_ADD, n, N, NULL, F);
    upc_all_reduceD(&rd, sd, UPC_ADD, n, N, NULL, F);
    upc_all_reduceLD(&rl, sl, UPC_ADD, n, N, NULL, F);
    CHECK(rf == (float)(n * (n + 1) / 2));
    CHECK(rd == n * (n + 1) / 2.0);
    CHECK(rl == n * (n + 1) / 2.0L);
    upc_all_reduceD(&rd, sd, UPC_MIN, n, N, NULL, F);
    CHECK(rd == 1.0);
    upc_all_reduceLD(&rl, sl, UPC_MAX, n, N, NULL, F);
    CHECK(rl == (long double)n);
    upc_all_reduceF(&rf, sf, UPC_MAX, n, N, NULL, F);
    CHECK(rf == (float)n);
    upc_all_reduceD(&rd, sd, UPC_MULT, 5 < n ? 5 : n, N, NULL, F);
    CHECK(rd == (n >= 5 ? 120.0 : 24.0));
    DONE();
    return 0;
}
