// upc_forall edge cases: empty ranges, downward and strided loops, pointer affinity with blocks.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [2] int a[8 * THREADS];
shared int hits;
int main(void)
{
    int i, n = 0, mine = 0;
    upc_forall (i = 0; i < 0; i++; i)
        n++;
    CHECK_EQ(n, 0);
    upc_forall (i = 10 * THREADS - 1; i >= 0; i -= 3; i)
        if (i % THREADS != MYTHREAD)
            n++;
    CHECK_EQ(n, 0);
    upc_forall (i = 0; i < 8 * THREADS; i++; &a[i]) {
        a[i] = MYTHREAD;
        mine++;
    }
    CHECK_EQ(mine, 8);
    upc_barrier;
    for (i = 0; i < 8 * THREADS; i++)
        CHECK_EQ(a[i], (i / 2) % THREADS);
    upc_forall (i = 0; i < THREADS; i++; continue)
        n++;
    CHECK_EQ(n, THREADS);
    DONE();
    return 0;
}
