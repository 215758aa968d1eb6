/* STREAM triad on cyclic arrays through upc_forall: every access is to local
   data, but through pointers-to-shared (the "naive" version). */
#include <upc_relaxed.h>
#include <stdio.h>

#define PER 4096

shared double a[PER * THREADS], b[PER * THREADS], c[PER * THREADS];

int main(void)
{
    const double scalar = 3.0;
    int i, k;

    upc_forall (i = 0; i < PER * THREADS; i++; &a[i]) {
        a[i] = 1.0;
        b[i] = 2.0;
        c[i] = 0.0;
    }
    upc_barrier;
    for (k = 0; k < 5; k++) {
        upc_forall (i = 0; i < PER * THREADS; i++; &a[i])
            a[i] = b[i] + scalar * c[i];
        upc_barrier;
        upc_forall (i = 0; i < PER * THREADS; i++; i)
            c[i] = a[i];
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("a[0] = %.1f\n", a[0]);
    return 0;
}
