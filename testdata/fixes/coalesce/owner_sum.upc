// owner_sum.upc - thread 0 combines the partial results that every thread
// left in a cyclic array, K per thread (the reduction step of a histogram
// or a Monte Carlo estimate written by hand): one upc_memget per thread,
// each fetching the K elements that thread owns, read by layout.
#include <upc_relaxed.h>
#include <stdio.h>

#define K 16

shared long part[K * THREADS];

long total(void)
{
    int i;
    long s = 0;
    for (i = 0; i < K * THREADS; i++)
        s += part[i];
    return s;
}

long rises(void)
{
    int i;
    long n = 0;
    for (i = 0; i < K * THREADS - 1; i++)
        if (part[i + 1] > part[i])
            n++;
    return n;
}

int main(void)
{
    int i;
    for (i = MYTHREAD; i < K * THREADS; i += THREADS)
        part[i] = (i * 37) % 101 - 50;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("total=%ld rises=%ld\n", total(), rises());
    return 0;
}
