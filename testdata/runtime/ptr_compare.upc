// Comparisons of pointers-to-shared: ==, != ignore the phase; <, > order by index.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [2] int a[6 * THREADS];
int main(void)
{
    int i, j;
    shared [2] int *p, *q;
    for (i = 0; i < 6 * THREADS; i++)
        for (j = 0; j < 6 * THREADS; j++) {
            p = &a[i];
            q = &a[j];
            CHECK_EQ(p == q, i == j);
            CHECK_EQ(p != q, i != j);
            CHECK_EQ(p < q, i < j);
            CHECK_EQ(p <= q, i <= j);
            CHECK_EQ(p > q, i > j);
            CHECK_EQ(p >= q, i >= j);
        }
    p = 0;
    CHECK(p == NULL);
    CHECK(!p);
    q = &a[1];
    CHECK(q != NULL);
    CHECK(q && 1);
    if (p)
        CHECK(0);
    CHECK((shared void *)&a[0] == (shared void *)a);
    DONE();
    return 0;
}
