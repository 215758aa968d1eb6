// block_cyclic.upc - reads X[j + 2] of a block-cyclic array (blocks of 8):
// one upc_memget per block run of the range [5, 202].
#include <upc_relaxed.h>
#include <stdio.h>

shared [8] double X[64 * THREADS];

double weighted(int k)
{
    int j;
    double s = 0.0;
    for (j = 3; j <= 200; j++) {
        s += X[j + 2] * k; // scaled by k
    }
    return s;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < 64 * THREADS; i++; &X[i])
        X[i] = (i * 7) % 19;
    upc_barrier;
    printf("thread %d: s=%.1f\n", MYTHREAD, weighted(MYTHREAD + 1));
    return 0;
}
