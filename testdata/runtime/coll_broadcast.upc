// upc_all_broadcast from thread 0's block to every thread.
// expect-all: ok
#include <upc.h>
#include <upc_collective.h>
#include "check.h"
#define NB 4
shared [] int src[NB];
shared [NB] int dst[NB * THREADS];
int main(void)
{
    int i;
    if (MYTHREAD == 0)
        for (i = 0; i < NB; i++)
            src[i] = 10 + i;
    upc_all_broadcast(dst, src, NB * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (i = 0; i < NB; i++)
        CHECK_EQ(dst[NB * MYTHREAD + i], 10 + i);
    DONE();
    return 0;
}
