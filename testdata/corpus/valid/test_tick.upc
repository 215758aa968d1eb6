/* <upc_tick.h> timers around a barrier loop. */
#include <upc.h>
#include <upc_tick.h>
#include <stdio.h>
#include <inttypes.h>

#define REPS 100

shared uint64_t ns_per_barrier[THREADS];

int main(void)
{
    upc_tick_t start, stop;
    uint64_t ns;
    int i;

    start = upc_ticks_now();
    for (i = 0; i < REPS; i++)
        upc_barrier;
    stop = upc_ticks_now();
    ns = upc_ticks_to_ns(stop - start) / REPS;
    ns_per_barrier[MYTHREAD] = ns;
    upc_barrier;
    if (MYTHREAD == 0) {
        uint64_t worst = 0;
        for (i = 0; i < THREADS; i++)
            if (ns_per_barrier[i] > worst)
                worst = ns_per_barrier[i];
        printf("barrier: %" PRIu64 " ns (slowest thread), tick max %s\n", worst,
               UPC_TICK_MAX > UPC_TICK_MIN ? "ok" : "odd");
        puts("test_tick: passed");
    }
    return 0;
}
