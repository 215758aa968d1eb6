// All-value collectives on the other types.
// expect-all: ok
#include <upc.h>
#include <stdint.h>
#include <bupc_collectivev.h>
#include "check.h"
static double dsrc[1024];
static uint64_t u64[1024];
int main(void)
{
    int i, me = MYTHREAD, T = THREADS;
    for (i = 0; i < T; i++)
        dsrc[i] = i * 0.5;
    CHECK(bupc_allv_broadcast(double, 2.5, 0) == 2.5);
    CHECK(bupc_allv_scatter(double, T - 1, dsrc) == me * 0.5);
    CHECK(bupc_allv_reduce_all(double, 0.5, UPC_ADD) == T * 0.5);
    CHECK(bupc_allv_reduce_all(float, (float)me, UPC_MAX) == (float)(T - 1));
    CHECK(bupc_allv_prefix_reduce(double, 1.0, UPC_MULT) == 1.0);
    CHECK_EQ(bupc_allv_reduce_all(char, 1, UPC_ADD), T % 256 > 127 ? T % 256 - 256 : T % 256);
    CHECK_EQ(bupc_allv_reduce_all(short, (short)me, UPC_MAX), T - 1);
    CHECK_EQ(bupc_allv_reduce_all(long, 1L << 40, UPC_ADD) >> 40, T);
    CHECK_EQ(bupc_allv_reduce_all(unsigned, 3u, UPC_MIN), 3);
    CHECK_EQ(bupc_allv_reduce_all(int8_t, 1, UPC_ADD), T);
    CHECK_EQ(bupc_allv_reduce_all(uint8_t, 200, UPC_MAX), 200);
    CHECK_EQ(bupc_allv_reduce_all(int16_t, -1, UPC_MIN), -1);
    CHECK_EQ(bupc_allv_reduce_all(uint16_t, 1, UPC_ADD), T);
    CHECK_EQ(bupc_allv_reduce_all(int32_t, me, UPC_MAX), T - 1);
    CHECK_EQ(bupc_allv_reduce_all(uint32_t, 1, UPC_ADD), T);
    CHECK_EQ(bupc_allv_reduce_all(int64_t, -me, UPC_MIN), -(T - 1));
    CHECK(bupc_allv_gather_all(uint64_t, (uint64_t)me << 33, u64) == u64);
    for (i = 0; i < T; i++)
        CHECK(u64[i] == (uint64_t)i << 33);
    CHECK_EQ(bupc_allv_permute(size_t, (size_t)me, (size_t)(T - 1 - me)), T - 1 - me);
    CHECK_EQ(bupc_allv_prefix_reduce(size_t, 1, UPC_ADD), me + 1);
    DONE();
    return 0;
}
