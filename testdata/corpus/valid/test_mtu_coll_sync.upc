/* MTU collective test-suite style: every upc_all_* relocalization
 * collective under every combination of synchronization flags, with
 * results verified by each thread. */
// upclint-flags: --threads 4

#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#define NELEMS 10
#define NSYNC 3

shared [NELEMS] int A[NELEMS * THREADS];
shared [NELEMS] int B[NELEMS * THREADS];
shared [] int *shared root_buf;
shared [NELEMS * THREADS] int G[THREADS][NELEMS * THREADS];
shared int perm[THREADS];
shared int errors[THREADS];

static const upc_flag_t in_flags[NSYNC] = { UPC_IN_NOSYNC, UPC_IN_MYSYNC, UPC_IN_ALLSYNC };
static const upc_flag_t out_flags[NSYNC] = { UPC_OUT_NOSYNC, UPC_OUT_MYSYNC, UPC_OUT_ALLSYNC };

static int nerr;

static void fill(int round)
{
    int i;
    upc_forall (i = 0; i < NELEMS * THREADS; i++; &A[i]) {
        A[i] = round * 1000 + i;
        B[i] = -1;
    }
}

static void test_scatter_gather(upc_flag_t sync)
{
    int i, *mine;
    if (MYTHREAD == 0)
        for (i = 0; i < NELEMS * THREADS; i++)
            root_buf[i] = i * 3;
    upc_barrier;
    upc_all_scatter(B, root_buf, NELEMS * sizeof(int), sync);
    upc_barrier;
    mine = (int *)&B[MYTHREAD * NELEMS];
    for (i = 0; i < NELEMS; i++)
        if (mine[i] != (MYTHREAD * NELEMS + i) * 3)
            nerr++;
    upc_all_gather(root_buf, B, NELEMS * sizeof(int), sync);
    upc_barrier;
}

static void test_gather_all(upc_flag_t sync)
{
    int i;
    upc_all_gather_all(G, A, NELEMS * sizeof(int), sync);
    upc_barrier;
    for (i = 0; i < NELEMS * THREADS; i++)
        if (G[MYTHREAD][i] != A[i])
            nerr++;
}

static void test_permute(upc_flag_t sync)
{
    perm[MYTHREAD] = THREADS - 1 - MYTHREAD;
    upc_barrier;
    upc_all_permute(B, A, perm, NELEMS * sizeof(int), sync);
    upc_barrier;
    if (B[(THREADS - 1 - MYTHREAD) * NELEMS] != A[MYTHREAD * NELEMS])
        nerr++;
    upc_barrier;    /* nobody refills A and B while others still check */
}

int main(void)
{
    int i, o, round = 0, total;
    if (MYTHREAD == 0)
        root_buf = upc_alloc(NELEMS * THREADS * sizeof(int));
    upc_barrier;
    for (i = 0; i < NSYNC; i++)
        for (o = 0; o < NSYNC; o++) {
            upc_flag_t sync = in_flags[i] | out_flags[o];
            fill(++round);
            upc_barrier;
            test_scatter_gather(sync);
            test_gather_all(sync);
            test_permute(sync);
        }
    errors[MYTHREAD] = nerr;
    upc_barrier;
    if (MYTHREAD == 0) {
        total = 0;
        for (i = 0; i < THREADS; i++)
            total += errors[i];
        printf("coll_sync (%d rounds): %s\n", round, total ? "failed" : "passed");
        upc_free(root_buf);
    }
    return 0;
}
