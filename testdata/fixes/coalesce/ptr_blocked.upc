// ptr_blocked.upc - a vector allocated with upc_all_alloc(THREADS,
// B*sizeof(double)) and reached through a blocked pointer-to-shared, as
// NAS and the GWU benchmarks hold their data: each thread reads a window
// that starts in the middle of its own block and runs into the next
// thread's, element by element, through the pointer itself and through a
// parameter its caller passes the pointer in. The block size comes from
// the pointer's type (16): the window is fetched with one upc_memget per
// block it touches.
#include <upc_relaxed.h>
#include <stdio.h>

#define B 16

shared [B] double *x;

double slope(int first)
{
    int i;
    double d = 0;
    for (i = first; i < first + B - 2; i++)
        d += (x[i + 1] - x[i]) * (i % 4 + 1);
    return d;
}

double dot(shared [B] double *p, int base, int n)
{
    int k;
    double s = 0;
    for (k = 0; k < n; k++)
        s += p[base + k] * (k + 1);
    return s;
}

int main(void)
{
    int i;
    x = upc_all_alloc(THREADS, B * sizeof(double));
    upc_forall (i = 0; i < B * THREADS; i++; &x[i])
        x[i] = (i * 7) % 11 - 5.0;
    upc_barrier;
    printf("thread %d: %.2f %.2f\n", MYTHREAD, slope(MYTHREAD * (B / 2)), dot(x, MYTHREAD * (B / 2), B - 1));
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(x);
    return 0;
}
