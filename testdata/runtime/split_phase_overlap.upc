// Split-phase barriers with matching ids and local work between notify and wait.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int v[THREADS];
int main(void)
{
    int k, local = 0;
    for (k = 0; k < 10; k++) {
        v[MYTHREAD] = k;
        upc_notify k;
        local += k;
        upc_wait k;
        CHECK_EQ(v[(MYTHREAD + 1) % THREADS], k);
        upc_barrier;
    }
    upc_notify;
    upc_wait 3;
    CHECK_EQ(local, 45);
    DONE();
    return 0;
}
