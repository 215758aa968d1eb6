// collidiom_gather_two.upc - every thread caches two directories of
// pointers, one entry per thread, in one loop (Berkeley's doublereduce
// example, relaxed here): both copies become pipelined non-blocking gets,
// completed together by one upc_synci() after the loop.

#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

typedef shared [] double *sdblptr;
typedef shared [] int *sintptr;

shared sdblptr dir[THREADS];
shared sintptr flags_dir[THREADS];

int main(void)
{
    int i, bad = 0;
    sdblptr *dir_cached = malloc(THREADS * sizeof *dir_cached);
    sintptr *flags_cached = malloc(THREADS * sizeof *flags_cached);
    dir[MYTHREAD] = (sdblptr)upc_alloc(4 * sizeof(double));
    flags_dir[MYTHREAD] = (sintptr)upc_alloc(4 * sizeof(int));
    dir[MYTHREAD][0] = MYTHREAD + 0.5;
    flags_dir[MYTHREAD][0] = MYTHREAD;
    upc_barrier;
    for (i = 0; i < THREADS; i++) {
        dir_cached[i] = dir[i];
        flags_cached[i] = flags_dir[i];
    }
    for (i = 0; i < THREADS; i++)
        bad += dir_cached[i][0] != i + 0.5 || flags_cached[i][0] != i;
    printf("thread %d: %s\n", MYTHREAD, bad ? "FAILED" : "OK");
    upc_barrier;
    free(dir_cached);
    free(flags_cached);
    return bad != 0;
}
