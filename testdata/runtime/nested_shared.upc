// Nested shared accesses: an index read from shared memory, a pointer read from shared memory.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int perm[4 * THREADS];
shared int val[4 * THREADS];
shared int *shared where;
int main(void)
{
    int i;
    upc_forall (i = 0; i < 4 * THREADS; i++; i) {
        perm[i] = 4 * THREADS - 1 - i;
        val[i] = i * i;
    }
    if (MYTHREAD == 0)
        where = &val[2];
    upc_barrier;
    for (i = 0; i < 4 * THREADS; i++)
        CHECK_EQ(val[perm[i]], (4 * THREADS - 1 - i) * (4 * THREADS - 1 - i));
    CHECK_EQ(*where, 4);
    CHECK_EQ(where[1], 9);
    upc_barrier;
    if (MYTHREAD == 0) {
        val[perm[0]] += val[perm[4 * THREADS - 1]];
        (*where)++;
    }
    upc_barrier;
    CHECK_EQ(val[4 * THREADS - 1], (4 * THREADS - 1) * (4 * THREADS - 1));
    CHECK_EQ(val[2], 5);
    DONE();
    return 0;
}
