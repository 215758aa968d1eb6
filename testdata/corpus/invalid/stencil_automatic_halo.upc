/* A stencil that declares its halo exchange buffer as an automatic shared
   array: shared data needs static storage. */
#include <upc.h>
#include <stdio.h>

#define NLOC 128

shared [NLOC] double u[NLOC * THREADS];
shared [NLOC] double unew[NLOC * THREADS];

static void exchange_and_update(void)
{
    shared double halo[2 * THREADS];           // want "automatic storage"
    double *lu = (double *)&u[MYTHREAD * NLOC];
    double *ln = (double *)&unew[MYTHREAD * NLOC];
    int i;

    halo[2 * MYTHREAD] = lu[0];
    halo[2 * MYTHREAD + 1] = lu[NLOC - 1];
    upc_barrier;
    for (i = 1; i < NLOC - 1; i++)
        ln[i] = 0.5 * (lu[i - 1] + lu[i + 1]);
}

int main(void)
{
    int it;
    for (it = 0; it < 10; it++) {
        exchange_and_update();
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("%f\n", unew[1]);
    return 0;
}
