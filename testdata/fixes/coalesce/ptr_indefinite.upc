// ptr_indefinite.upc - every thread allocates its own block with upc_alloc
// and publishes it in a shared directory of pointers; each thread then
// reads a range of its neighbour's block through a private copy of the
// neighbour's pointer (shared [] int *), element by element. All the
// elements are on the neighbour: one upc_memget of the range.
#include <upc_relaxed.h>
#include <stdio.h>

#define LEN 100

shared [] int *shared dir[THREADS];

long scan(int lo, int n)
{
    int k;
    long s = 0;
    shared [] int *nb = dir[(MYTHREAD + 1) % THREADS];
    for (k = 0; k < n; k++)
        s += nb[lo + k] * (long)(k + 1);
    return s;
}

int main(void)
{
    int k;
    shared [] int *mine = upc_alloc(LEN * sizeof(int));
    for (k = 0; k < LEN; k++)
        mine[k] = MYTHREAD * 100 + k * 3;
    dir[MYTHREAD] = mine;
    upc_barrier;
    printf("thread %d: %ld %ld\n", MYTHREAD, scan(10, 60), scan(MYTHREAD % 3, 0));
    upc_barrier;
    upc_free(mine);
    return 0;
}
