// upclint-flags: --threads 4
// Under static THREADS the preprocessor has replaced THREADS by its value.

#include <upc_relaxed.h>
#include <upc_collective.h>

#define NB 4

shared double fac[THREADS];
shared int flags[THREADS];
int seen[THREADS];
int bins[NB];

double product(void)
{
    double p = 1.0;
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "hand-written reduction over THREADS: thread 0 reads fac\\[t\\] from every thread; use upc_all_reduceD\\(..., UPC_MULT, ...\\)"
            p *= fac[t];
    return p;
}

void collect(void)
{
    int t;
    for (t = 0; t < THREADS; t++) // want "hand-written gather-all over THREADS"
        seen[t] = flags[t];
}

/* A loop to another constant is not over the threads. */
void clear_bins(void)
{
    int b;
    for (b = 0; b < 3; b++)
        bins[b] = 0;
}
