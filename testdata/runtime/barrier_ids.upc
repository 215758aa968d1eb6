// Barriers with matching ids, split-phase notify/wait with ids.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int x[THREADS];
int main(void)
{
    int i;
    for (i = 0; i < 5; i++) {
        x[MYTHREAD] = i;
        upc_barrier i;
        CHECK_EQ(x[(MYTHREAD + 1) % THREADS], i);
        upc_barrier 100 + i;
    }
    upc_notify 7;
    x[MYTHREAD] = -1; /* local work between notify and wait */
    upc_wait 7;
    upc_barrier;
    CHECK_EQ(x[(MYTHREAD + 1) % THREADS], -1);
    DONE();
    return 0;
}
