// A block-scope static shared object is one object for all threads.
// expect-all: ok
#include <upc.h>
#include "check.h"
static int bump(void)
{
    static shared int count;
    static shared [] int hist[4] = {1, 2, 3, 4};
    int r;
    upc_barrier;
    if (MYTHREAD == 0)
        count += hist[3];
    upc_barrier;
    r = count;
    upc_barrier;
    return r;
}
int main(void)
{
    CHECK_EQ(bump(), 4);
    CHECK_EQ(bump(), 8);
    DONE();
    return 0;
}
