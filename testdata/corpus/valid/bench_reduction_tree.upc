/* Binary-tree reduction by hand: log2(THREADS) rounds with split barriers,
   compared against upc_all_reduceD. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

shared double val[THREADS];
shared double ref;

int main(void)
{
    int stride;
    double mine = 1.0 + MYTHREAD;

    val[MYTHREAD] = mine;
    upc_all_reduceD(&ref, val, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (stride = 1; stride < THREADS; stride *= 2) {
        double other = 0.0;
        int partner = MYTHREAD + stride;
        int active = MYTHREAD % (2 * stride) == 0 && partner < THREADS;
        if (active)
            other = val[partner];
        upc_notify stride;
        upc_wait stride;
        if (active)
            val[MYTHREAD] += other;
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("tree %.1f, collective %.1f: %s\n", val[0], ref, val[0] == ref ? "passed" : "failed");
    return 0;
}
