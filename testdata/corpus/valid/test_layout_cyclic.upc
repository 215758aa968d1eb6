/* Affinity and phase of a cyclic shared array: element i lives on thread i % THREADS. */
#include <upc.h>
#include <stdio.h>

#define PER_THREAD 10

shared int a[PER_THREAD * THREADS];
shared int errs[THREADS];

int main(void)
{
    int i, e = 0;

    upc_forall (i = 0; i < PER_THREAD * THREADS; i++; &a[i]) {
        a[i] = MYTHREAD;
        if (upc_threadof(&a[i]) != (size_t)MYTHREAD)
            e++;
        if (upc_phaseof(&a[i]) != 0)
            e++;
    }
    upc_barrier;
    for (i = MYTHREAD; i < PER_THREAD * THREADS; i += THREADS)
        if (a[i] != i % THREADS)
            e++;
    if (upc_localsizeof(a) != PER_THREAD * sizeof(int))
        e++;
    if (upc_blocksizeof(a) != 1 || upc_elemsizeof(a) != sizeof(int))
        e++;
    errs[MYTHREAD] = e;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (i = 0; i < THREADS; i++)
            total += errs[i];
        printf("test_layout_cyclic: %s\n", total == 0 ? "passed" : "failed");
    }
    return 0;
}
