/* upc_all_exchange (all-to-all) and upc_all_permute with a rotation. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#define NB 2   /* ints per message */

shared int perm[THREADS];
shared [NB] int psrc[NB * THREADS];
shared [NB] int pdst[NB * THREADS];
shared int status[THREADS];

int main(void)
{
    /* exchange needs THREADS*THREADS*NB ints: allocate, THREADS*NB per thread */
    shared [] int *mysrc, *mydst;
    shared void *xsrc = upc_all_alloc(THREADS, THREADS * NB * sizeof(int));
    shared void *xdst = upc_all_alloc(THREADS, THREADS * NB * sizeof(int));
    int i, t, ok = 1;

    mysrc = (shared [] int *)((shared char *)xsrc + MYTHREAD);
    mydst = (shared [] int *)((shared char *)xdst + MYTHREAD);
    for (t = 0; t < THREADS; t++)
        for (i = 0; i < NB; i++)
            mysrc[t * NB + i] = MYTHREAD * 1000 + t * 10 + i;

    upc_all_exchange(xdst, xsrc, NB * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (t = 0; t < THREADS; t++)
        for (i = 0; i < NB; i++)
            if (mydst[t * NB + i] != t * 1000 + MYTHREAD * 10 + i)
                ok = 0;

    perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;
    for (i = 0; i < NB; i++)
        psrc[MYTHREAD * NB + i] = MYTHREAD;
    upc_all_permute(pdst, psrc, perm, NB * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (pdst[MYTHREAD * NB] != (MYTHREAD + THREADS - 1) % THREADS)
        ok = 0;

    status[MYTHREAD] = ok;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++)
            ok &= status[t];
        printf("test_coll_exchange_permute: %s\n", ok ? "passed" : "failed");
    }
    upc_all_free(xsrc);
    upc_all_free(xdst);
    return 0;
}
