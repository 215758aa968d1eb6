// A upc_forall reached from inside another one (through a call) runs all its iterations.
// expect-all: ok
#include <upc.h>
#include "check.h"
static int inner(void)
{
    int j, n = 0;
    upc_forall (j = 0; j < 2 * THREADS; j++; j)
        n++;
    return n;
}
int main(void)
{
    int i, total = 0, outer = 0;
    upc_forall (i = 0; i < THREADS; i++; i) {
        outer++;
        total += inner();
    }
    CHECK_EQ(outer, 1);
    CHECK_EQ(total, 2 * THREADS);
    CHECK_EQ(inner(), 2);
    DONE();
    return 0;
}
