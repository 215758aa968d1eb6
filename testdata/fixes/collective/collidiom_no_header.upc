// collidiom_no_header.upc - a hand-written reduction and a hand-written
// broadcast in a file that includes neither <upc_nb.h> nor
// <upc_collective.h>: the fixes call upc_memget_nbi and upc_all_broadcast,
// so they add the includes (once each, after the UPC headers) or the fixed
// program would not build.

#include <upc_relaxed.h>
#include <stdio.h>

#define ITEMS 1000

shared long partial[THREADS];
shared long total;
shared long x[THREADS];

static long value(long k) { return (k * 2654435761L) % 1009; }

void hand_broadcast(long v)
{
    int t;
    if (MYTHREAD == 0) {
        long w = v * 2;
        for (t = 0; t < THREADS; t++)
            x[t] = w + 1;
    }
    upc_barrier;
}

int main(void)
{
    long k, mine = 0, ref = 0;
    int t;
    for (k = MYTHREAD; k < ITEMS; k += THREADS)
        mine += value(k);
    partial[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0) {
        long s = 0;
        for (t = 0; t < THREADS; t++)
            s += partial[t];
        total = s;
    }
    upc_barrier;
    for (k = 0; k < ITEMS; k++)
        ref += value(k);
    hand_broadcast(total);
    if (x[MYTHREAD] != 2 * ref + 1) {
        printf("thread %d: broadcast FAILED\n", MYTHREAD);
        return 1;
    }
    if (MYTHREAD == 0) {
        long got = total;
        printf("sum=%ld %s\n", got, got == ref ? "OK" : "FAILED");
        if (got != ref)
            return 1;
    }
    printf("thread %d done\n", MYTHREAD);
    return 0;
}
