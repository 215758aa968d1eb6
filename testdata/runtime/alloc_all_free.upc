// upc_all_alloc / upc_all_free repeatedly: same pointer everywhere, memory reused.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared void *shared first;
int main(void)
{
    int k, i;
    for (k = 0; k < 20; k++) {
        shared [4] long *p = (shared [4] long *)upc_all_alloc(THREADS, 4 * sizeof(long));
        if (MYTHREAD == 0)
            first = p;
        upc_barrier;
        CHECK(first == p);
        for (i = 0; i < 4; i++)
            p[MYTHREAD * 4 + i] = k + i;
        upc_barrier;
        CHECK_EQ(p[((MYTHREAD + 1) % THREADS) * 4 + 3], k + 3);
        upc_barrier;
        upc_all_free(p);
    }
    DONE();
    return 0;
}
