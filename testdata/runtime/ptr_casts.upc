// Casts: to and from shared void * keep the phase; changing the block size resets it;
// shared-to-local gives the local address of local data.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [4] int a[8 * THREADS];
shared int c[8 * THREADS];
int main(void)
{
    shared [4] int *p = &a[6];
    shared void *v = p;
    shared [4] int *back = (shared [4] int *)v;
    shared [2] int *two = (shared [2] int *)p;
    shared int *one = (shared int *)v;
    int *local;
    CHECK_EQ(upc_phaseof(v), 2);
    CHECK_EQ(upc_phaseof(back), 2);
    CHECK(back == p);
    CHECK_EQ(upc_phaseof(two), 0);
    CHECK_EQ(upc_threadof(two), upc_threadof(p));
    CHECK_EQ(upc_phaseof(one), 0);
    /* shared-to-local of my own element */
    local = (int *)&c[MYTHREAD];
    *local = 100 + MYTHREAD;
    local[1] = 200 + MYTHREAD; /* c[MYTHREAD + THREADS] */
    upc_barrier;
    CHECK_EQ(c[MYTHREAD], 100 + MYTHREAD);
    CHECK_EQ(c[MYTHREAD + THREADS], 200 + MYTHREAD);
    local = (int *)&a[4 * MYTHREAD];
    local[3] = 7;
    upc_barrier;
    CHECK_EQ(a[4 * MYTHREAD + 3], 7);
    CHECK(upc_resetphase(p) != NULL);
    CHECK_EQ(upc_phaseof(upc_resetphase(p)), 0);
    DONE();
    return 0;
}
