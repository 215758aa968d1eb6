// Berkeley fixed-type atomics: fetch-and-op, swaps, read/set, strict and relaxed.
// expect-all: ok
#include <upc.h>
#include <stdint.h>
#include <bupc_extensions.h>
#include "check.h"
shared int64_t ctr;
shared int ictr;
shared unsigned long bits;
shared int owner = -1;
shared uint32_t u;
int main(void)
{
    int i;
    for (i = 0; i < 100; i++) {
        bupc_atomicI64_fetchadd_relaxed(&ctr, 1);
        bupc_atomicI_fetchadd_strict(&ictr, 2);
    }
    bupc_atomicUL_fetchor_strict(&bits, 1UL << MYTHREAD);
    bupc_atomicI_cswap_strict(&owner, -1, MYTHREAD);
    upc_barrier;
    CHECK_EQ(bupc_atomicI64_read_strict(&ctr), 100 * THREADS);
    CHECK_EQ(bupc_atomicI_read_relaxed(&ictr), 200 * THREADS);
    CHECK(bupc_atomicUL_read_strict(&bits) == (THREADS == 64 ? ~0UL : (1UL << THREADS) - 1));
    CHECK(owner >= 0 && owner < THREADS);
    upc_barrier;
    if (MYTHREAD == 0) {
        bupc_atomicU32_set_strict(&u, 0xf0f0u);
        CHECK_EQ(bupc_atomicU32_swap_relaxed(&u, 0x0ff0u), 0xf0f0u);
        CHECK_EQ(bupc_atomicU32_mswap_strict(&u, 0x00ffu, 0x1234u), 0x0ff0u);
        CHECK_EQ(u, 0x0f34u);
        CHECK_EQ(bupc_atomicU32_fetchand_strict(&u, 0xf00u), 0x0f34u);
        CHECK_EQ(bupc_atomicU32_fetchxor_relaxed(&u, 0xfu), 0xf00u);
        CHECK_EQ(bupc_atomicU32_fetchnot_strict(&u), 0xf0fu);
        CHECK_EQ(u, ~0xf0fu);
        CHECK_EQ(bupc_atomicI64_cswap_relaxed(&ctr, 0, 5), 100 * THREADS);
        CHECK_EQ(bupc_atomicL_fetchadd_relaxed((shared long *)&ctr, -1), 100 * THREADS);
    }
    DONE();
    return 0;
}
