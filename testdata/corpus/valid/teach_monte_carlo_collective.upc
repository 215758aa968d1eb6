// upclint-flags: -DSAMPLES=200000
/* Monte Carlo integration of exp(-x^2) on [0,1] with a collective reduction
   and a broadcast of the seed chosen by thread 0. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

#ifndef SAMPLES
#define SAMPLES 10000
#endif

shared [] unsigned seed_src[1];
shared [1] unsigned seeds[THREADS];
shared double part[THREADS];
shared double result;

int main(void)
{
    unsigned s;
    double acc = 0.0;
    long k;

    if (MYTHREAD == 0)
        seed_src[0] = (unsigned)time(NULL);
    upc_all_broadcast(seeds, seed_src, sizeof(unsigned), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    s = seeds[MYTHREAD] + 7919u * (unsigned)MYTHREAD;
    srand(s);
    for (k = 0; k < SAMPLES; k++) {
        double x = rand() / (RAND_MAX + 1.0);
        acc += exp(-x * x);
    }
    part[MYTHREAD] = acc / SAMPLES;
    upc_all_reduceD(&result, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("integral ~= %.6f (exact 0.746824)\n", result / THREADS);
    return 0;
}
