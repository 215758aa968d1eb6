/* Prefix reductions over a blocked array; the block size parameter is BLK. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define BLK 3

shared [BLK] int in[BLK * THREADS];
shared [BLK] int out[BLK * THREADS];
shared [BLK] double din[BLK * THREADS];
shared [BLK] double dout[BLK * THREADS];
shared char okflag[THREADS];

int main(void)
{
    int i;
    char ok = 1;

    upc_forall (i = 0; i < BLK * THREADS; i++; &in[i]) {
        in[i] = 1;
        din[i] = 2.0;
    }
    upc_all_prefix_reduceI(out, in, UPC_ADD, BLK * THREADS, BLK, NULL,
                           UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_prefix_reduceD(dout, din, UPC_MULT, BLK * THREADS, BLK, NULL,
                           UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
    upc_barrier;
    upc_forall (i = 0; i < BLK * THREADS; i++; &out[i]) {
        if (out[i] != i + 1)
            ok = 0;
        if (i < 20 && dout[i] != (double)(1L << (i + 1)))
            ok = 0;
    }
    okflag[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            ok = ok && okflag[i];
        printf("test_coll_prefix: %s\n", ok ? "passed" : "failed");
    }
    return 0;
}
