/* A variable declared in a upc_forall header is scoped to the loop. */
#include <upc.h>
#include <stdio.h>

#define N 32

shared double y[N * THREADS];

int main(void)
{
    upc_forall (int i = 0; i < N * THREADS; i++; &y[i])
        y[i] = 2.0 * i;
    upc_barrier;
    printf("last index %d\n", i);              // want "undeclared identifier"
    upc_forall (int k = 0; k < N * THREADS; k++; k)
        y[k] += 1.0;                           /* fine */
    return 0;
}
