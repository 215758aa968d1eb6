// upc_all_broadcast with every combination of synchronisation flags.
// expect-all: ok
#include <upc.h>
#include <upc_collective.h>
#include "check.h"
shared [2] int src[2 * THREADS];
shared [2] int dst[2 * THREADS];
shared [] int *shared allp;
#define MAXT 8
shared [2 * MAXT] int all[2 * MAXT * THREADS];
shared [MAXT] int xsrc[MAXT * THREADS];
shared int perm[THREADS];
static const upc_flag_t ins[] = {UPC_IN_ALLSYNC, UPC_IN_MYSYNC, UPC_IN_NOSYNC};
static const upc_flag_t outs[] = {UPC_OUT_ALLSYNC, UPC_OUT_MYSYNC, UPC_OUT_NOSYNC};
int main(void)
{
    int a, b, t, round = 0;
    for (a = 0; a < 3; a++)
    for (b = 0; b < 3; b++) {
        upc_flag_t f = ins[a] | outs[b];
        round++;
        src[2 * MYTHREAD] = MYTHREAD * 100 + round;
        src[2 * MYTHREAD + 1] = MYTHREAD * 100 + round;
        for (t = 0; t < THREADS; t++)
            xsrc[MYTHREAD * MAXT + t] = MYTHREAD + t * 1000 + round;
        perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;
        upc_barrier;
        upc_all_broadcast(dst, &src[2 * (1 % THREADS)], sizeof(int) * 2, f);
        upc_barrier;
        for (t = 0; t < THREADS; t++) { CHECK_EQ(dst[2 * t], (1 % THREADS) * 100 + round); CHECK_EQ(dst[2 * t + 1], (1 % THREADS) * 100 + round); }
        upc_barrier;
    }
    DONE();
    return 0;
}
