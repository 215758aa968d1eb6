// read_strips.upc - reads whose box is not known statically or is larger
// than 4096 elements: the loop runs in strips, and before each strip the
// elements (or rows) it reads are fetched into a stack buffer: one
// upc_memget per thread for the cyclic array, per block run for the
// block-cyclic one, one for the indefinite rows.
#include <upc_relaxed.h>
#include <stdio.h>

#define PER 2000
#define NR 64
#define NK 80

shared int C[PER * THREADS];
shared [100] double D[PER * THREADS];
shared [] short G[NR][NK];

long pairs(int lo, int hi)
{
    int j;
    long s = 0;
    for (j = lo; j <= hi; j++)
        s += C[j] * (long)C[j + 3];
    return s;
}

double slope(int n)
{
    int j;
    double s = 0.0;
    for (j = 1; j < n - 1; j++) {
        double d = D[j + 1] - D[j - 1];
        s += d * d;
    }
    return s;
}

long rows(int n)
{
    int i, k;
    long s = 0;
    for (i = 1; i < n; i++)
        for (k = 0; k < NK; k++)
            s += G[i - 1][k] * G[i][k];
    return s;
}

int main(void)
{
    int j;
    upc_forall (j = 0; j < PER * THREADS; j++; &C[j])
        C[j] = (j * 13) % 29;
    upc_forall (j = 0; j < PER * THREADS; j++; &D[j])
        D[j] = (j * 7) % 11 * 0.5;
    if (MYTHREAD == 0) {
        short *g = (short *)G; /* G is all on thread 0 */
        for (j = 0; j < NR * NK; j++)
            g[j] = j % 17;
    }
    upc_barrier;
    printf("thread %d: %ld %ld %ld %.1f %.1f %ld %ld\n", MYTHREAD,
           pairs(MYTHREAD, PER * THREADS - 4), pairs(9, 8), pairs(5, 5),
           slope(PER * THREADS), slope(MYTHREAD), rows(NR), rows(1));
    return 0;
}
