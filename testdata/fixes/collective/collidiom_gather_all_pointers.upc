// collidiom_gather_all_pointers.upc - the NAS FT pointer broadcast (a
// translator report's Figure 14): every thread reads the THREADS
// pointers-to-shared that the threads published, one element per thread,
// then writes through them. The fix reads them with pipelined
// non-blocking gets completed by one upc_synci.

#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define PER 6

shared [] int *shared slots[THREADS];

int main(void)
{
    shared [] int **where = malloc(sizeof(*where) * THREADS);
    int *mine, i, t, bad = 0;
    mine = NULL;
    slots[MYTHREAD] = (shared [] int *)upc_alloc(PER * THREADS * sizeof(int));
    upc_barrier;
    for (i = 0; i < THREADS; i++)
        where[i] = slots[i];
    for (t = 0; t < THREADS; t++)
        where[t][MYTHREAD] = MYTHREAD * 10 + t;
    upc_barrier;
    mine = (int *)where[MYTHREAD];
    for (t = 0; t < THREADS; t++)
        bad += mine[t] != t * 10 + MYTHREAD;
    printf("thread %d: %s\n", MYTHREAD, bad ? "FAILED" : "OK");
    upc_barrier;
    upc_free(where[MYTHREAD]);
    free(where);
    return bad != 0;
}
