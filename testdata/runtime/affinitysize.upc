// upc_affinitysize and upc_addrfield.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [3] int a[3 * THREADS];
int main(void)
{
    size_t total = 0;
    int t;
    for (t = 0; t < THREADS; t++)
        total += upc_affinitysize(10 * sizeof(int) * THREADS, 3 * sizeof(int), t);
    CHECK_EQ(total, 10 * sizeof(int) * THREADS);
    CHECK_EQ(upc_affinitysize(12, 4, 0), THREADS == 1 ? 12 : THREADS == 2 ? 8 : 4);
    CHECK_EQ(upc_addrfield(&a[1]) - upc_addrfield(&a[0]), sizeof(int));
    DONE();
    return 0;
}
