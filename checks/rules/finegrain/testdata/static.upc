// upclint-flags: --threads 4
// finegrain under static THREADS: estimates are numbers.
#include <upc_relaxed.h>

#define N 256

shared double A[N * THREADS], B[N * THREADS];
shared [] double vec[N];

void neighbour(void)
{
    int i;
    for (i = MYTHREAD; i < N - 1; i += THREADS)
        A[i] = B[i + 1]; // want "remote reads of B\\[i \\+ 1\\].*about 64 remote reads"
}

void same_owner_after_a_round(void)
{
    int i;
    for (i = MYTHREAD; i < N - 4; i += THREADS)
        A[i] = B[i + 4];
}

double sweep(void)
{
    int j;
    double s = 0.0;
    for (j = 0; j < N; j++)
        s += A[j]; // want "about 192 remote reads"
    return s;
}
