/* Berkeley UPC extension test in the style of the upc-tests suite:
 * timers (bupc_ticks_*), non-blocking bulk copies with explicit and
 * implicit handles, thread distance, and the relaxed/strict pragmas. */

#include <upc.h>
#include <bupc_extensions.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef __BERKELEY_UPC__
#define BUPC_ONLY(x)
#else
#define BUPC_ONLY(x) x
#endif

#define SZ 256

shared [SZ] char src[THREADS][SZ];
shared [SZ] char dst[THREADS][SZ];
shared int result[THREADS];
strict shared int ready[THREADS];

static int check_bytes(const char *p, int n, char want)
{
    int i;
    for (i = 0; i < n; i++)
        if (p[i] != want)
            return 0;
    return 1;
}

int main(void)
{
    bupc_tick_t t0, t1;
    bupc_handle_t h;
    char buf[SZ];
    int peer = (MYTHREAD + 1) % THREADS;
    int ok = 1;
    uint64_t us;

    memset((char *)&src[MYTHREAD][0], 'a' + MYTHREAD % 26, SZ);
    memset((char *)&dst[MYTHREAD][0], 0, SZ);
    upc_barrier;

    t0 = bupc_ticks_now();
    h = bupc_memget_async(buf, &src[peer][0], SZ);
    /* overlap: some local work */
    us = bupc_ticks_to_us(bupc_ticks_now() - t0);
    bupc_waitsync(h);
    ok &= check_bytes(buf, SZ, 'a' + peer % 26);

    bupc_memput_asynci(&dst[peer][0], buf, SZ / 2);
    bupc_memput_asynci(&dst[peer][SZ / 2], buf + SZ / 2, SZ / 2);
    bupc_waitsync_all(NULL, 0);
    upc_fence;
    ready[peer] = 1;
    while (!ready[MYTHREAD])
        bupc_poll();
    t1 = bupc_ticks_now();
    us = bupc_ticks_to_us(t1 - t0);
    BUPC_ONLY(if (MYTHREAD == 0) printf("distance to peer: %d\n", bupc_thread_distance(MYTHREAD, peer)));

    upc_barrier;
    ok &= check_bytes((char *)&dst[MYTHREAD][0], SZ, 'a' + MYTHREAD % 26);
    result[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        int i, all = 1;
        for (i = 0; i < THREADS; i++)
            all &= result[i];
        printf("bupc_async: %s (%llu us, granularity %g us)\n", all ? "passed" : "failed",
               (unsigned long long)us, bupc_tick_granularityus());
    }
    return 0;
}
