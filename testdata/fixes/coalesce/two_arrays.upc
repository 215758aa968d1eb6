// two_arrays.upc - one loop reading an indefinite array and a cyclic one:
// each gets its own buffer (one upc_memget, and one per thread).
#include <upc_relaxed.h>
#include <stdio.h>

#define L 120

shared [] long coef[L];
shared long data[L * THREADS];

long dot(void)
{
    int j;
    long s = 0;
    for (j = 0; j < L; j++)
        s += coef[j] * data[j];
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
