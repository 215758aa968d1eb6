/* Berkeley all-value collectives next to the standard ones. */
#include <upc.h>
#include <upc_collective.h>
#include <bupc_collectivev.h>
#include <stdio.h>

shared int src[THREADS];
shared int dst;

int main(void)
{
    int b, sum, pre, ok = 1;
    int *all = NULL;
    static int gathered[1024];

    b = bupc_allv_broadcast(int, MYTHREAD == 0 ? 99 : -1, 0);
    sum = bupc_allv_reduce_all(int, 1, UPC_ADD);
    pre = bupc_allv_prefix_reduce(int, 1, UPC_ADD);
    if (THREADS <= 1024)
        all = bupc_allv_gather_all(int, MYTHREAD * 2, gathered);
    if (b != 99 || sum != THREADS || pre != MYTHREAD + 1)
        ok = 0;
    if (all != NULL && all[THREADS - 1] != 2 * (THREADS - 1))
        ok = 0;
    src[MYTHREAD] = ok;
    upc_all_reduceI(&dst, src, UPC_MIN, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("test_collective_allv: %s\n", dst ? "passed" : "failed");
    return 0;
}
