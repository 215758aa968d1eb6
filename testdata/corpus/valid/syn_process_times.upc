/* Process times from <sys/times.h> around a barrier-separated phase, the
 * way older benchmarks time themselves (struct tms, times, clock ticks). */

#include <upc.h>
#include <stdio.h>
#include <sys/times.h>
#include <unistd.h>

shared long work[THREADS];

int main(void)
{
    struct tms before, after;
    clock_t t0, t1;
    long k, s = 0;

    t0 = times(&before);
    for (k = 0; k < 100000; k++)
        s += k % (MYTHREAD + 3);
    work[MYTHREAD] = s;
    upc_barrier;
    t1 = times(&after);
    if (t1 < t0 || after.tms_utime < before.tms_utime)
        printf("thread %d: FAILED: process times went backwards\n", MYTHREAD);
    if (MYTHREAD == 0)
        printf("done in %ld ticks of %ld per second\n", (long)(t1 - t0), sysconf(_SC_CLK_TCK));
    return 0;
}
