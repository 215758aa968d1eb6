/* A function closed one brace too early; the stray brace is the only syntax
   error, and the functions after it are still analysed. */
#include <upc.h>
#include <stdio.h>

shared double v[64 * THREADS];

static double local_max(void)
{
    double m = 0.0;
    int i;
    upc_forall (i = 0; i < 64 * THREADS; i++; &v[i]) {
        if (v[i] > m)
            m = v[i];
    }
    return m;
}
}                                           // want "expected|unexpected"

static double local_min(void)
{
    double m = 1e300;
    int i;
    upc_forall (i = 0; i < 64 * THREADS; i++; &v[i])
        if (v[i] < m)
            m = v[i];
    return minimum;                         // want "undeclared identifier"
}

int main(void)
{
    printf("%d: %g %g\n", MYTHREAD, local_max(), local_min());
    return 0;
}
