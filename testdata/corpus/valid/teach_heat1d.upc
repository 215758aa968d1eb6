/* 1-D heat diffusion with ghost exchange through a shared array of blocks. */
#include <upc.h>
#include <stdio.h>
#include <math.h>

#define LOCAL 64
#define STEPS 200
#define ALPHA 0.25

shared [LOCAL] double u[LOCAL * THREADS];
shared [LOCAL] double unew[LOCAL * THREADS];
shared double maxdiff[THREADS];

int main(void)
{
    int step, i;
    const int n = LOCAL * THREADS;

    upc_forall (i = 0; i < n; i++; &u[i])
        u[i] = (i == 0 || i == n - 1) ? 100.0 : 0.0;
    upc_barrier;

    for (step = 0; step < STEPS; step++) {
        double diff = 0.0;
        upc_forall (i = 1; i < n - 1; i++; &unew[i]) {
            unew[i] = u[i] + ALPHA * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
            if (fabs(unew[i] - u[i]) > diff)
                diff = fabs(unew[i] - u[i]);
        }
        maxdiff[MYTHREAD] = diff;
        upc_barrier;
        upc_forall (i = 1; i < n - 1; i++; &u[i])
            u[i] = unew[i];
        upc_barrier;
    }

    if (MYTHREAD == 0) {
        double m = 0.0;
        for (i = 0; i < THREADS; i++)
            m = maxdiff[i] > m ? maxdiff[i] : m;
        printf("after %d steps u[1] = %f, last change %g\n", STEPS, u[1], m);
    }
    return 0;
}
