// upc_all_gather_all and upc_all_exchange.
// flags: --threads 4
// expect-all: ok
#include <upc.h>
#include <upc_collective.h>
#include "check.h"
shared int mine[THREADS];
shared [THREADS] int all[THREADS][THREADS];
shared [THREADS] int xsrc[THREADS][THREADS];
shared [THREADS] int xdst[THREADS][THREADS];
int main(void)
{
    int i;
    mine[MYTHREAD] = 7 * MYTHREAD;
    for (i = 0; i < THREADS; i++)
        xsrc[MYTHREAD][i] = 100 * MYTHREAD + i;
    upc_all_gather_all(all, mine, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_exchange(xdst, xsrc, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (i = 0; i < THREADS; i++) {
        CHECK_EQ(all[MYTHREAD][i], 7 * i);
        CHECK_EQ(xdst[MYTHREAD][i], 100 * i + MYTHREAD);
    }
    DONE();
    return 0;
}
