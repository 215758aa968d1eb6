// Pointer-to-shared arithmetic across blocks (6.4.2): p + i equals &a[i].
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [3] int a[9 * THREADS];
shared int c[9 * THREADS];
shared [] int ind[50];
int main(void)
{
    int i, k;
    shared [3] int *p = a;
    shared int *q = c;
    for (i = 0; i < 9 * THREADS; i++) {
        CHECK(p + i == &a[i]);
        CHECK_EQ(upc_threadof(p + i), upc_threadof(&a[i]));
        CHECK_EQ(upc_phaseof(p + i), upc_phaseof(&a[i]));
        CHECK(q + i == &c[i]);
        CHECK_EQ((p + i) - p, i);
        CHECK_EQ((q + i) - q, i);
    }
    for (i = 0; i < 9 * THREADS; i++)
        for (k = -i; k < 9 * THREADS - i; k += 5) {
            CHECK((&a[i]) + k == &a[i + k]);
            CHECK(&a[i + k] - k == &a[i]);
            CHECK_EQ(&a[i + k] - &a[i], k);
        }
    for (i = 0; i < 50; i += 7)
        CHECK((shared [] int *)ind + i == &ind[i]);
    DONE();
    return 0;
}
