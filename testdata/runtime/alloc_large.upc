// The shared heap is not a fixed size: each thread allocates far more than
// 64 MB (upc_alloc, upc_global_alloc, upc_all_alloc), writes the ends of
// every block, and frees it all.
// expect: done.
#include <upc.h>
#include <stdio.h>
#define MB (1024 * 1024)
#define N 6
int main(void)
{
    shared [] char *loc[N];
    shared [] char *glob;
    shared [MB] char *all;
    int i, bad = 0;
    for (i = 0; i < N; i++) {
        loc[i] = (shared [] char *)upc_alloc(48 * MB);
        if (loc[i] == NULL) {
            printf("ERROR: upc_alloc %d failed\n", i);
            return 1;
        }
        loc[i][0] = (char)i;
        loc[i][48 * MB - 1] = (char)i;
    }
    glob = (shared [] char *)upc_global_alloc(1, 200 * MB);
    all = (shared [MB] char *)upc_all_alloc(THREADS * 150, MB);
    if (glob == NULL || all == NULL) {
        printf("ERROR: global or all alloc failed\n");
        return 1;
    }
    glob[200 * MB - 1] = 1;
    all[(size_t)MYTHREAD * MB + MB - 1] = 2;
    upc_barrier;
    for (i = 0; i < N; i++)
        if (loc[i][0] != (char)i || loc[i][48 * MB - 1] != (char)i)
            bad++;
    if (all[(size_t)((MYTHREAD + 1) % THREADS) * MB + MB - 1] != 2)
        bad++;
    for (i = 0; i < N; i++)
        upc_free(loc[i]);
    upc_free(glob);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(all);
    if (bad)
        printf("ERROR: %d bad values on thread %d\n", bad, MYTHREAD);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("done.\n");
    return 0;
}
