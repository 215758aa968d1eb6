/* upc_all_broadcast with every combination of the synchronisation flags. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NELEMS 10

shared [] int src[NELEMS];
shared [NELEMS] int dst[NELEMS * THREADS];
shared int bad[THREADS];

static const upc_flag_t in_flags[3] = { UPC_IN_NOSYNC, UPC_IN_MYSYNC, UPC_IN_ALLSYNC };
static const upc_flag_t out_flags[3] = { UPC_OUT_NOSYNC, UPC_OUT_MYSYNC, UPC_OUT_ALLSYNC };

int main(void)
{
    int i, j, k, round = 0;

    bad[MYTHREAD] = 0;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++, round++) {
            upc_flag_t flags = in_flags[i] | out_flags[j];
            if (MYTHREAD == 0)
                for (k = 0; k < NELEMS; k++)
                    src[k] = round * 100 + k;
            upc_barrier;       /* the NOSYNC variants rely on explicit barriers */
            upc_all_broadcast(dst, src, NELEMS * sizeof(int), flags);
            upc_barrier;
            for (k = 0; k < NELEMS; k++)
                if (dst[MYTHREAD * NELEMS + k] != round * 100 + k)
                    bad[MYTHREAD]++;
        }
    /* flags 0 means UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC */
    upc_all_broadcast(dst, src, sizeof(int), 0);
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (i = 0; i < THREADS; i++)
            total += bad[i];
        printf("test_coll_broadcast: %s\n", total ? "failed" : "passed");
    }
    return 0;
}
