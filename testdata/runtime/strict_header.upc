// <upc_strict.h> makes every unqualified shared access strict; relaxed still wins.
// expect-all: ok
#include <upc_strict.h>
#include "check.h"
shared int ready;
relaxed shared int payload;
int main(void)
{
    if (MYTHREAD == 0) {
        payload = 7;
        ready = 1;
    }
    while (!ready)
        ;
    CHECK_EQ(payload, 7);
    upc_fence;
    upc_barrier;
    DONE();
    return 0;
}
