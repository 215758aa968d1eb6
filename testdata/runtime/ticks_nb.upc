// <upc_tick.h> and <upc_nb.h>.
// expect-all: ok
#include <upc.h>
#include <upc_tick.h>
#include <upc_nb.h>
#include "check.h"
shared [4] int a[4 * THREADS];
int main(void)
{
    upc_tick_t t0 = upc_ticks_now(), t1;
    int buf[4] = {1, 2, 3, 4}, back[4];
    upc_handle_t h = upc_memput_nb(&a[4 * MYTHREAD], buf, sizeof buf);
    upc_sync(h);
    upc_barrier;
    upc_memget_nbi(back, &a[4 * ((MYTHREAD + 1) % THREADS)], sizeof back);
    upc_synci();
    CHECK_EQ(back[3], 4);
    t1 = upc_ticks_now();
    CHECK(upc_ticks_to_ns(t1 - t0) >= 0);
    DONE();
    return 0;
}
