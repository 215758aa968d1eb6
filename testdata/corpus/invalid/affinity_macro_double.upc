/* An affinity macro that computes a fraction: floating-point affinity is not
   allowed. */
#include <upc.h>

#define N 100
#define OWNER_OF(i) ((i) / (double)N * THREADS)

shared [N] float field[N * THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; OWNER_OF(i))        // want "affinity"
        field[i] = 0.0f;
    upc_forall (i = 0; i < N * THREADS; i++; (int)OWNER_OF(i))   /* fine: cast to int */
        field[i] += 1.0f;
    return 0;
}
