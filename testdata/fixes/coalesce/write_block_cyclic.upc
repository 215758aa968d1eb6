// write_block_cyclic.upc - a descending loop writes 45 elements of a
// block-cyclic array (blocks of 8) from an unaligned start: one
// upc_memput per block run after the loop.
#include <upc_relaxed.h>
#include <stdio.h>

shared [8] long Z[48 * THREADS];

void stamp(int first, long v)
{
    int j;
    for (j = 44; j >= 0; j--)
        Z[first + j] = v * 100 + j;
}

int main(void)
{
    int j;
    long s = 0;
    upc_forall (j = 0; j < 48 * THREADS; j++; &Z[j])
        Z[j] = -1;
    upc_barrier;
    stamp(MYTHREAD * 48 + 3, MYTHREAD + 1);
    upc_barrier;
    upc_forall (j = 0; j < 48 * THREADS; j++; &Z[j]) /* my elements */
        s += Z[j] * (j % 7 + 1);
    printf("thread %d: s=%ld\n", MYTHREAD, s);
    return 0;
}
