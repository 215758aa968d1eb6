// Pointers-to-shared as parameters and return values.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [2] int a[8 * THREADS];
static shared [2] int *nth(shared [2] int *base, int n) { return base + n; }
static int sum(shared [2] const int *p, int n)
{
    int s = 0;
    while (n-- > 0)
        s += *p++;
    return s;
}
static void fill(shared void *vp, int n)
{
    shared [2] int *p = (shared [2] int *)vp;
    int i;
    for (i = 0; i < n; i++)
        p[i] = i;
}
int main(void)
{
    if (MYTHREAD == 0)
        fill(a, 8 * THREADS);
    upc_barrier;
    CHECK(nth(a, 3) == &a[3]);
    CHECK_EQ(*nth(a, 5), 5);
    CHECK_EQ(sum(a, 8 * THREADS), (8 * THREADS) * (8 * THREADS - 1) / 2);
    CHECK_EQ(sum(nth(a, 2), 3), 2 + 3 + 4);
    DONE();
    return 0;
}
