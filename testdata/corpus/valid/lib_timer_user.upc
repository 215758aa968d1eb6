// upclint-flags: -I include
/* Timing a ring exchange with the stopwatch macros; the maximum over threads
   is found with a reduction. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include "timers.h"

#define MSG 512
#define REPS 20

shared [MSG] double ring[MSG * THREADS];
shared double elapsed[THREADS];
shared double slowest;

int main(void)
{
    stopwatch_t put_sw = STOPWATCH_INIT("put"), bar_sw = STOPWATCH_INIT("barrier");
    double buf[MSG];
    int r, i, right = (MYTHREAD + 1) % THREADS;

    for (i = 0; i < MSG; i++)
        buf[i] = MYTHREAD + i * 1e-3;
    for (r = 0; r < REPS; r++) {
        STOPWATCH_START(put_sw);
        upc_memput(&ring[right * MSG], buf, sizeof buf);
        STOPWATCH_STOP(put_sw);
        STOPWATCH_START(bar_sw);
        upc_barrier;
        STOPWATCH_STOP(bar_sw);
    }
    elapsed[MYTHREAD] = put_sw.total;
    upc_all_reduceD(&slowest, elapsed, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("%s: %ld x, slowest %.3e s; %s: %.3e s\n", put_sw.name, put_sw.count, slowest,
               bar_sw.name, bar_sw.total);
    return 0;
}
