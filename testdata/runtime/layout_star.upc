// [*] layouts under dynamic THREADS: one block per thread.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [*] int s[6 * THREADS];
shared [*] double m[THREADS][4];
int main(void)
{
    int i, j;
    CHECK_EQ(upc_blocksizeof(s), 6);
    CHECK_EQ(upc_blocksizeof(m), 4);
    for (i = 0; i < 6 * THREADS; i++)
        CHECK_EQ(upc_threadof(&s[i]), i / 6);
    for (i = 0; i < THREADS; i++)
        for (j = 0; j < 4; j++)
            CHECK_EQ(upc_threadof(&m[i][j]), i);
    upc_forall (i = 0; i < 6 * THREADS; i++; &s[i])
        s[i] = i + 1;
    upc_barrier;
    for (i = 0; i < 6 * THREADS; i++)
        CHECK_EQ(s[i], i + 1);
    DONE();
    return 0;
}
