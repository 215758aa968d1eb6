// upclint-flags: -DNSTEPS=2000000
/* pi = integral of 4/(1+x^2) on [0,1], midpoint rule, reduced with a collective. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#ifndef NSTEPS
#define NSTEPS 100000
#endif

shared double partial[THREADS];
shared double pi;

int main(void)
{
    const double h = 1.0 / NSTEPS;
    double sum = 0.0;
    int i;

    upc_forall (i = 0; i < NSTEPS; i++; i) {
        double x = h * ((double)i + 0.5);
        sum += 4.0 / (1.0 + x * x);
    }
    partial[MYTHREAD] = sum * h;

    upc_all_reduceD(&pi, partial, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);

    if (!MYTHREAD)
        printf("pi = %.12f with %d steps on %d threads\n", pi, NSTEPS, THREADS);
    return 0;
}
