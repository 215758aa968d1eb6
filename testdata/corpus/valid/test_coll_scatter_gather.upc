/* Scatter from thread 0, modify, gather back; then gather_all. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define NE 4

shared [] long root[NE * 64];                 /* room for up to 64 threads */
shared [NE] long piece[NE * THREADS];
shared [] long back[NE * 64];
shared [NE] long everyone[NE * THREADS];
shared int verdict[THREADS];

int main(void)
{
    int i, ok = 1;

    if (THREADS > 64) {
        if (!MYTHREAD)
            puts("test_coll_scatter_gather: skipped (too many threads)");
        return 0;
    }
    if (MYTHREAD == 0)
        for (i = 0; i < NE * THREADS; i++)
            root[i] = i;
    upc_all_scatter(piece, root, NE * sizeof(long), UPC_IN_ALLSYNC | UPC_OUT_MYSYNC);
    for (i = 0; i < NE; i++) {
        if (piece[MYTHREAD * NE + i] != MYTHREAD * NE + i)
            ok = 0;
        piece[MYTHREAD * NE + i] *= 2;
    }
    upc_all_gather(back, piece, NE * sizeof(long), UPC_IN_MYSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        for (i = 0; i < NE * THREADS; i++)
            if (back[i] != 2 * i)
                ok = 0;
    verdict[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            ok = ok && verdict[i];
        printf("test_coll_scatter_gather: %s\n", ok ? "passed" : "failed");
    }
    (void)everyone;
    return 0;
}
