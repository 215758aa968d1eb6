/* The affinity of upc_forall is an integer, a pointer-to-shared, continue or
   nothing; anything else is a constraint violation. */
#include <upc.h>

#define N 64

struct range { int lo, hi; };

shared double v[N * THREADS];

int main(void)
{
    int i;
    double scale = 0.5;
    struct range r = { 0, N * THREADS };
    int local[4];

    upc_forall (i = 0; i < N * THREADS; i++; i * scale)       // want "affinity"
        v[i] = 0.0;
    upc_forall (i = r.lo; i < r.hi; i++; r)                   // want "affinity"
        v[i] += 1.0;
    upc_forall (i = 0; i < 4; i++; &local[i])                 // want "affinity"
        local[i] = i;
    upc_forall (i = 0; i < N * THREADS; i++; &v[i])           /* fine */
        v[i] *= 2.0;
    return (int)local[0];
}
