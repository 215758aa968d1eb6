// write_cyclic.upc - each thread writes a run of 150 consecutive elements
// of a cyclic array, starting at an arbitrary offset: one upc_memput per
// owning thread after the loop (its elements are adjacent there).
#include <upc_relaxed.h>
#include <stdio.h>

#define LEN 150

shared double Y[(LEN + 1) * THREADS];

void produce(int base, double scale)
{
    int j;
    for (j = 0; j < LEN; j++) {
        double x = scale * j;
        Y[base + j + 7] = x * x - j;
    }
}

int main(void)
{
    int j;
    double s = 0.0;
    upc_forall (j = 0; j < (LEN + 1) * THREADS; j++; &Y[j])
        Y[j] = -1.0;
    upc_barrier;
    produce(MYTHREAD * LEN, 0.5 + MYTHREAD);
    upc_barrier;
    upc_forall (j = 0; j < (LEN + 1) * THREADS; j++; &Y[j]) /* my elements */
        s += Y[j] * (j % 5 + 1);
    printf("thread %d: s=%.2f\n", MYTHREAD, s);
    return 0;
}
