// Split-phase barrier: work between notify and wait; a value written before notify
// is visible after wait.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared long v[THREADS];
int main(void)
{
    long local = 0;
    int i;
    for (i = 0; i < 10; i++) {
        v[MYTHREAD] = 1000 * i + MYTHREAD;
        upc_notify;
        local += i;
        upc_wait;
        CHECK_EQ(v[(MYTHREAD + THREADS - 1) % THREADS], 1000 * i + (MYTHREAD + THREADS - 1) % THREADS);
        upc_barrier;
    }
    CHECK_EQ(local, 45);
    DONE();
    return 0;
}
