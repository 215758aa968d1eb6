/* A benchmark's shape (GWU's matrix includes mat-opt-none.c): the kernel
 * is in a file that this one includes, and is not a unit of its own. */
#include <upc_relaxed.h>
#include <stdio.h>

#define N 64

shared [N] double x[N * THREADS];

#include "kernel.c"

int main(void)
{
    int i;
    double s;
    upc_forall (i = 0; i < N * THREADS; i++; &x[i])
        x[i] = i % 7;
    upc_barrier;
    s = kernel();
    printf("thread %d: sum = %g\n", MYTHREAD, s);
    printf("time = %g seconds\n", 0.0);
    return 0;
}
