// sibling_loops.upc - two loops in one outer loop count the same variable
// i over different ranges ([k, k] and [k, k + 2]): the outer loop's box
// of A cannot be taken from the first loop's range ([0, 2], which misses
// A[3] and A[4]), so each inner loop is coalesced on its own.
#include <upc_relaxed.h>
#include <stdio.h>

shared int A[10 * THREADS];

long two_loops(void)
{
    int i, k;
    long s = 0;
    for (k = 0; k < 3; k++) {
        for (i = k; i < k + 1; i++)
            s += A[i];
        for (i = k; i < k + 3; i++)
            s += A[i] * 10;
    }
    return s;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < 10 * THREADS; i++; i)
        A[i] = i % 7;
    upc_barrier;
    printf("thread %d: s=%ld\n", MYTHREAD, two_loops());
    return 0;
}
