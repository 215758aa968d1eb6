// Block ranges of different lengths: threads finish at different exchanges.
// Self-checking: thread 0 compares the table with a serial recomputation.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 512
#define M 12000

shared long A[N * THREADS];
shared long nbad;

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

void scatter_updates(void)
{
    long i, lo = MYTHREAD * (long)MYTHREAD * 37, hi = lo + 3000 + MYTHREAD * 900;
    for (i = lo; i < hi; i++)
        A[h(i) % (N * THREADS)] += 1 + (i & 3);
}

int main(void)
{
    long i, bad = 0;
    static long ref[N * 64];
    upc_forall (i = 0; i < N * THREADS; i++; &A[i])
        A[i] = 0;
    upc_barrier;
    scatter_updates();
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < N * THREADS; i++)
            ref[i] = 0;
        for (long t = 0; t < THREADS; t++) {
            long lo = t * t * 37, hi = lo + 3000 + t * 900;
            for (i = lo; i < hi; i++)
                ref[h(i) % (N * THREADS)] += 1 + (i & 3);
        }
        for (i = 0; i < N * THREADS; i++)
            bad += A[i] != ref[i];
        printf("%s %ld\n", bad ? "FAILED" : "OK", bad);
    }
    return 0;
}
