// strips_macro_bound.upc - thread 0 fills and reads arrays spread over
// every thread, as the CG benchmark sets its starting vector
// (for (i = 1; i <= NA+1; i++) sx[i] = 1.0;) and the UPC tutorial's Jacobi
// prints its result (for (j = 0; j < (TOTALSIZE*THREADS); j++)). The
// loops' bounds are macro expressions and their ranges too large (or not
// known) for one stack buffer: each loop runs in strips, its bound kept as
// written, with one upc_memget or upc_memput per block or per thread
// before or after each strip.
#include <upc_relaxed.h>
#include <stdio.h>

#define NA 4500
#define BV 1000
#define TOTALSIZE 600

shared [BV] double sx[5 * BV * THREADS];
shared int input[TOTALSIZE * THREADS];
shared [TOTALSIZE] double x_new[TOTALSIZE * THREADS];

int main(void)
{
    int i, j;
    double s = 0.0;
    long t = 0;
    upc_forall (j = 0; j < TOTALSIZE * THREADS; j++; &x_new[j])
        x_new[j] = 0.5 * (j % 11);
    if (MYTHREAD == 0) {
        for (i = 1; i <= NA + 1; i++)
            sx[i] = 1.0 + i % 3;
        for (i = 0; i < (TOTALSIZE * THREADS); i++)
            input[i] = i % 5;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        for (j = 0; j < (TOTALSIZE * THREADS); j++)
            s += x_new[j] * (j % 7);
        printf("sum %.1f\n", s);
    }
    upc_forall (i = 1; i <= NA + 1; i++; &sx[i])
        s += sx[i];
    upc_forall (i = 0; i < TOTALSIZE * THREADS; i++; &input[i])
        t += input[i] * (i % 3);
    printf("thread %d: %.1f %ld\n", MYTHREAD, s, t);
    return 0;
}
