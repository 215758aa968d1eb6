// cyclic_range.upc - a unit-stride sweep over part of a cyclic array: the
// range [10, 299] is fetched with one upc_memget per thread and gathered
// into global index order; reads become buffer[j - 10].
#include <upc_relaxed.h>
#include <stdio.h>

shared int X[100 * THREADS];

long window_sum(void)
{
    int j;
    long s = 0;
    for (j = 10; j < 300; j++)
        s += X[j] * (j % 3);
    return s;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < 100 * THREADS; i++; i)
        X[i] = i % 23 - 7;
    upc_barrier;
    printf("thread %d: sum=%ld\n", MYTHREAD, window_sum() + MYTHREAD);
    return 0;
}
