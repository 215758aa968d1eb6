// bupc_all_reduce_allT: the result reaches every thread.
// expect-all: ok
#include <upc.h>
#include <upc_collective.h>
#include <bupc_extensions.h>
#include "check.h"
#define N 5
shared int src[N * THREADS];
shared int res[THREADS];
shared double dsrc[N * THREADS];
shared double dres[THREADS];
int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &src[i]) {
        src[i] = i;
        dsrc[i] = 0.5;
    }
    bupc_all_reduce_allI(res, src, UPC_ADD, N * THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    CHECK_EQ(res[MYTHREAD], N * THREADS * (N * THREADS - 1) / 2);
    bupc_all_reduce_allD(dres, dsrc, UPC_ADD, N * THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    CHECK(dres[MYTHREAD] == 0.5 * N * THREADS);
    bupc_all_reduce_allI(res, src, UPC_MAX, N * THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_MYSYNC);
    CHECK_EQ(res[MYTHREAD], N * THREADS - 1);
    DONE();
    return 0;
}
