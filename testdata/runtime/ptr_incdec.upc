// ++, --, += and -= on pointers-to-shared walk the layout.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [4] int a[8 * THREADS];
int main(void)
{
    int i;
    shared [4] int *p = &a[0], *r;
    for (i = 0; i < 8 * THREADS; i++) {
        CHECK(p == &a[i]);
        r = p++;
        CHECK(r == &a[i]);
    }
    for (i = 8 * THREADS; i > 0; i--) {
        r = --p;
        CHECK(r == &a[i - 1]);
    }
    p += 5;
    CHECK(p == &a[5]);
    p -= 2;
    CHECK(p == &a[3]);
    CHECK_EQ(upc_phaseof(p), 3);
    p = p + 1;
    CHECK_EQ(upc_phaseof(p), 0);
    CHECK_EQ(upc_threadof(p), 1 % THREADS);
    DONE();
    return 0;
}
