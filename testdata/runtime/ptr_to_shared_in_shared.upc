// Shared pointers to shared data: a table of pointers published by every thread.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [] int *shared table[THREADS];
shared int *shared sp;
shared int data[4 * THREADS];
int main(void)
{
    int i, t;
    shared [] int *mine = (shared [] int *)upc_alloc(10 * sizeof(int));
    for (i = 0; i < 10; i++)
        mine[i] = MYTHREAD * 100 + i;
    table[MYTHREAD] = mine;
    if (MYTHREAD == 0)
        sp = &data[1];
    upc_barrier;
    for (t = 0; t < THREADS; t++) {
        shared [] int *p = table[t];
        CHECK_EQ(upc_threadof(p), t);
        for (i = 0; i < 10; i++)
            CHECK_EQ(p[i], t * 100 + i);
        CHECK_EQ(table[t][9], t * 100 + 9);
    }
    CHECK(sp == &data[1]);
    CHECK_EQ(upc_threadof(sp), 1 % THREADS);
    upc_barrier;
    if (MYTHREAD == 0) {
        sp++;
        sp += 2;
    }
    upc_barrier;
    CHECK(sp == &data[4]);
    upc_barrier;
    DONE();
    return 0;
}
