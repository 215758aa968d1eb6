// --check: accesses through pointers-to-shared that walk exactly to the end of
// every kind of allocation (and of a static array) report nothing.
// check: 1
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int s[3 * THREADS];
int main(void)
{
    int i;
    shared [] double *p = upc_all_alloc(1, 10 * sizeof(double));
    shared [4] int *q = upc_all_alloc(THREADS, 4 * sizeof(int));
    shared [] char *g = upc_global_alloc(1, 100);
    shared [] long *l = upc_alloc(7 * sizeof(long));
    shared int *ps = s;
    char buf[100];
    if (MYTHREAD == 0)
        for (i = 0; i < 10; i++)
            p[i] = i;
    upc_forall (i = 0; i < 4 * THREADS; i++; &q[i])
        q[i] = i;
    for (i = 0; i < 100; i++)
        g[i] = (char)i;
    for (i = 0; i < 7; i++)
        l[i] = i;
    upc_forall (i = 0; i < 3 * THREADS; i++; &ps[i])
        ps[i] = i;
    upc_barrier;
    CHECK(p[9] == 9);
    CHECK_EQ(q[4 * THREADS - 1], 4 * THREADS - 1);
    CHECK_EQ(*(q + 4 * THREADS - 1), 4 * THREADS - 1);
    CHECK_EQ(ps[3 * THREADS - 1], 3 * THREADS - 1);
    CHECK_EQ(l[6], 6);
    upc_memget(buf, g, 100);
    CHECK_EQ(buf[99], 99);
    upc_memget(buf, p + 8, 2 * sizeof(double));
    CHECK(((double *)buf)[1] == 9);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_memset(p, 0, 10 * sizeof(double));
    upc_free(l);
    upc_free(g);
    upc_barrier;
    CHECK(p[9] == 0);
    upc_all_free(p);
    upc_all_free(q);
    DONE();
    return 0;
}
