// coalesced_two_arrays.upc (finegrain's coalescing of two_arrays.upc) - one loop reading an indefinite array and a cyclic one:
// each gets its own buffer (one upc_memget, and one per thread).
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define L 120

shared [] long coef[L];
shared long data[L * THREADS];

long dot(void)
{
    int j;
    long s = 0;
    /* the elements of coef this loop reads */
    long coef_local[120];
    upc_memget(coef_local, &coef[0], 120 * sizeof *coef_local);
    /* the elements of data this loop reads */
    long data_local[120];
    {
        /* one upc_memget per thread: its elements are THREADS apart here, adjacent there */
        size_t t, n, k;
        long *part = malloc((120 + THREADS - 1) / THREADS * sizeof *part);
        if (part == NULL)
            upc_global_exit(1);
        for (t = 0; t < THREADS && t < 120; t++) {
            n = (120 - t + THREADS - 1) / THREADS;
            upc_memget(part, &data[0] + t, n * sizeof *part);
            for (k = 0; k < n; k++)
                data_local[t + k * THREADS] = part[k];
        }
        free(part);
    }
    for (j = 0; j < L; j++)
        s += coef_local[j] * data_local[j];
    return s;
}

int main(void)
{
    int j;
    if (MYTHREAD == 0) {
        long *c = (long *)coef;
        for (j = 0; j < L; j++)
            c[j] = j * 3 % 7;
    }
    upc_forall (j = 0; j < L * THREADS; j++; &data[j])
        data[j] = j % 11;
    upc_barrier;
    printf("thread %d: dot=%ld\n", MYTHREAD, dot() * (MYTHREAD + 1));
    return 0;
}
