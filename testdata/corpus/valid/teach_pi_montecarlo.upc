/* pi by Monte Carlo: each thread throws darts, thread 0 sums the hits. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define TRIALS_PER_THREAD 1000000L
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

shared long hits[THREADS];

/* private linear congruential generator: each thread has its own stream */
static double rand01(unsigned int *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return (double)((*seed >> 8) & 0xffffffu) / (double)0x1000000;
}

int main(int argc, char *argv[])
{
    long trials = TRIALS_PER_THREAD;
    long my_hits = 0;
    unsigned int seed;
    long i;

    if (argc > 1)
        trials = atol(argv[1]);
    seed = 17u * (unsigned int)(MYTHREAD + 1);

    for (i = 0; i < trials; i++) {
        double x = rand01(&seed);
        double y = rand01(&seed);
        if (x * x + y * y <= 1.0)
            my_hits++;
    }
    hits[MYTHREAD] = my_hits;
    upc_barrier;

    if (MYTHREAD == 0) {
        long total = 0;
        double pi;
        int t;
        for (t = 0; t < THREADS; t++)
            total += hits[t];
        pi = 4.0 * (double)total / ((double)trials * THREADS);
        printf("pi ~= %.8f (error %.2e)\n", pi, fabs(pi - M_PI));
    }
    return 0;
}
