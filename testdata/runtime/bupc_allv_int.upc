// All-value collectives on int: every operation.
// expect-all: ok
#include <upc.h>
#include <bupc_collectivev.h>
#include "check.h"
static int arr[1024], out[1024];
int main(void)
{
    int i, me = MYTHREAD, T = THREADS, sum = 0;
    for (i = 0; i < T; i++)
        arr[i] = 10 * i + 1;
    CHECK_EQ(bupc_allv_broadcast(int, me == T - 1 ? 77 : 0, T - 1), 77);
    CHECK_EQ(bupc_allv_scatter(int, 0, arr), 10 * me + 1);
    bupc_allv_gather(int, me * me, 0, out);
    if (me == 0)
        for (i = 0; i < T; i++)
            CHECK_EQ(out[i], i * i);
    CHECK(bupc_allv_gather_all(int, me + 5, out) == out);
    for (i = 0; i < T; i++)
        CHECK_EQ(out[i], i + 5);
    CHECK_EQ(bupc_allv_permute(int, me, (me + 1) % T), (me + T - 1) % T);
    for (i = 0; i < T; i++)
        sum += i;
    CHECK_EQ(bupc_allv_reduce_all(int, me, UPC_ADD), sum);
    CHECK_EQ(bupc_allv_reduce_all(int, me + 1, UPC_MIN), 1);
    CHECK_EQ(bupc_allv_reduce_all(int, me + 1, UPC_MAX), T);
    CHECK_EQ(bupc_allv_reduce_all(int, 1 << me % 16, UPC_OR), T >= 16 ? 0xffff : (1 << T) - 1);
    CHECK_EQ(bupc_allv_reduce_all(int, 2, UPC_MULT), 1 << T);
    CHECK_EQ(bupc_allv_reduce_all(int, 1, UPC_XOR), T % 2);
    CHECK_EQ(bupc_allv_reduce_all(int, me != 1, UPC_LOGAND), T < 2);
    CHECK_EQ(bupc_allv_reduce_all(int, me == 1, UPC_LOGOR), T >= 2);
    CHECK_EQ(bupc_allv_reduce_all(int, ~0 ^ (1 << me % 30), UPC_AND), ~0 ^ (T >= 30 ? 0x3fffffff : (1 << T) - 1));
    i = bupc_allv_reduce(int, me, 0, UPC_MAX);
    if (me == 0)
        CHECK_EQ(i, T - 1);
    CHECK_EQ(bupc_allv_prefix_reduce(int, 2, UPC_ADD), 2 * (me + 1));
    DONE();
    return 0;
}
