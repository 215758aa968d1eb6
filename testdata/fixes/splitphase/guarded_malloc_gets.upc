// guarded_malloc_gets.upc - two gets into malloc'ed buffers, each guarded
// by its element count, as finegrain's coalescing writes them: the first
// get completes in the background while the second buffer is allocated
// and filled, and is synchronised before the loop that reads it.

#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define N 2048

shared [N] double B[N * THREADS], C[N * THREADS];

int main(void)
{
    long i;
    double sum = 0;
    for (i = MYTHREAD * N; i < (MYTHREAD + 1) * N; i++) {
        B[i] = i % 13;
        C[i] = i % 7;
    }
    upc_barrier;
    size_t B_local_n = N;
    double *B_local = malloc(B_local_n * sizeof *B_local);
    if (B_local_n > 0 && B_local == NULL)
        upc_global_exit(1);
    if (B_local_n > 0)
        upc_memget(B_local, &B[((MYTHREAD + 1) % THREADS) * N], B_local_n * sizeof *B_local);
    size_t C_local_n = N;
    double *C_local = malloc(C_local_n * sizeof *C_local);
    if (C_local_n > 0 && C_local == NULL)
        upc_global_exit(1);
    if (C_local_n > 0)
        upc_memget(C_local, &C[((MYTHREAD + 2) % THREADS) * N], C_local_n * sizeof *C_local);
    for (i = 0; i < N; i++)
        sum += B_local[i] * C_local[i];
    free(C_local);
    free(B_local);
    printf("thread %d: %.1f OK\n", MYTHREAD, sum);
    return 0;
}
