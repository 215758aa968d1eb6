// owner_guard.upc - loops that run their body only in the iterations the
// thread owns, tested by hand on cyclic arrays (the UPC tutorial's first
// Jacobi sweep, if (j % THREADS == MYTHREAD) x_new[j] = 0.5 * (x[j-1] +
// x[j+1] + b[j]), and a CG code's if (MYTHREAD == i % THREADS)). Each
// offset's elements are on one thread, adjacent there: one upc_memget per
// offset fetches exactly what the thread's iterations read.
#include <upc_relaxed.h>
#include <stdio.h>

#define PER 40

shared double x[PER * THREADS];
shared double x_new[PER * THREADS];
shared double b[PER * THREADS];
shared int w[PER * THREADS];

void sweep(void)
{
    int j;
    for (j = 1; j < PER * THREADS - 1; j++) {
        if (j % THREADS == MYTHREAD) {
            x_new[j] = 0.5 * (x[j - 1] + x[j + 1] + b[j]);
        }
    }
}

long weights(int n)
{
    int i;
    long s = 0;
    for (i = 0; i <= n; i++)
        if (MYTHREAD == i % THREADS)
            s += w[i + 2] * (long)(i % 5);
    return s;
}

int main(void)
{
    int i;
    long s;
    double d = 0.0;
    upc_forall (i = 0; i < PER * THREADS; i++; &x[i]) {
        x[i] = (i * 7) % 13;
        b[i] = i % 3;
        w[i] = i % 11;
    }
    upc_barrier;
    sweep();
    s = weights(PER * THREADS - 3);
    upc_barrier;
    upc_forall (i = 1; i < PER * THREADS - 1; i++; &x_new[i])
        d += x_new[i] * (i % 4);
    printf("thread %d: %.2f %ld\n", MYTHREAD, d, s);
    return 0;
}
