// collidiom_gather.upc - thread 0 copies x[t] from every thread t into a
// private array (THREADS remote reads in sequence); the fix gathers x on
// thread 0 with upc_all_gather, executed by every thread before the if,
// and thread 0 copies from the gathered block. The elements are doubles:
// a copy, so the result is exact.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

shared double x[THREADS];
shared int nbad;

void collect(float *buf, int iter)
{
    int t;
    if (MYTHREAD == 0) {
        double first = 0.5;
        for (t = 0; t < THREADS; t++)
            buf[t] = x[t];
        for (t = 0; t < THREADS; t++)
            if (buf[t] != first + t * 1.25 + iter)
                nbad = nbad + 1;
    }
}

int main(void)
{
    float *buf = malloc(sizeof(float) * THREADS);
    int iter;
    if (MYTHREAD == 0)
        nbad = 0;
    for (iter = 0; iter < 3; iter++) {
        x[MYTHREAD] = 0.5 + MYTHREAD * 1.25 + iter;
        upc_barrier;
        collect(buf, iter);
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("gather: x[THREADS-1]=%g %s\n", buf[THREADS - 1], nbad ? "FAILED" : "OK");
    upc_barrier;
    free(buf);
    return nbad != 0;
}
