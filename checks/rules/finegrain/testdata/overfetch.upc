// Coalescing must not fetch more than the thread reads: under a upc_forall
// each thread runs only its own iterations, so a copy before the forall of
// everything its iterations read would bring the other threads' elements too.
#include <upc_relaxed.h>

#define M 64
#define N 1024

shared [] int table[M];
shared int out[M * THREADS];

void apply(void)
{
    int i;
    upc_forall (i = 0; i < M - 1; i++; &out[i])
        out[i] = table[M - 1 - i] * 2 + table[M - 2 - i]; // want "remote reads of table.*not coalescible here: each thread runs only its own iterations of the upc_forall"
}

// The Jacobi sweep of the UPC tutorial on blocked arrays: only the two
// neighbours at the block boundaries are remote, and fetching x whole on
// every thread would multiply the communication.
shared [N] double x[N * THREADS], x_new[N * THREADS], b[N * THREADS];

void sweep(void)
{
    int j;
    upc_forall (j = 1; j < N * THREADS - 1; j++; &x_new[j])
        x_new[j] = 0.5 * (x[j - 1] + x[j + 1] + b[j]); // want "remote reads of x\\[j - 1\\] and x\\[j \\+ 1\\].*not coalescible here: each thread runs only its own iterations"
}

// A loop inside the upc_forall fetches what the thread's own iteration
// reads: the rows next to its block are the only remote ones.
shared [4 * N] int IN[N * THREADS][N], OUT[N * THREADS][N];

void rows(void)
{
    int i, j;
    upc_forall (i = 1; i < N - 1; i++; &OUT[i][0])
        for (j = 0; j < N; j++)
            OUT[i][j] = IN[i - 1][j] + IN[i + 1][j]; // want "remote reads of IN\\[i - 1\\]\\[j\\] and IN\\[i \\+ 1\\]\\[j\\] in this loop: about .*; coalesce with upc_memget"
}
