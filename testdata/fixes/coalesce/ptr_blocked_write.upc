// ptr_blocked_write.upc - writes through blocked pointers-to-shared, as
// the CG benchmark's copy-out routine and a ring exchange write them: a
// routine copies a private vector into shared memory element by element
// through its parameter (shared [B] int *), and each thread writes a
// block of values into its right neighbour's block of a ring allocated
// with upc_all_alloc. The loops write every element of their range once
// and access no other shared data: each becomes writes into a private
// buffer put after the loop, one upc_memput per block.
#include <upc_relaxed.h>
#include <stdio.h>

#define B 10
#define LEN 12

shared [B] int *vec;
shared [LEN] int *ring;

void copyout(shared [B] int *dest, int *src, int size)
{
    int i;
    for (i = 0; i < size; i++)
        dest[i] = src[i];
}

void pass(int round)
{
    int j;
    int buf[LEN];
    int peer = (MYTHREAD + 1) % THREADS;
    for (j = 0; j < LEN; j++)
        buf[j] = MYTHREAD * 100 + round * 10 + j;
    for (j = 0; j < LEN; j++)
        ring[peer * LEN + j] = buf[j];
}

int main(void)
{
    int i, src[B * 8];
    long s = 0, r = 0;
    vec = upc_all_alloc(THREADS, B * sizeof(int));
    ring = upc_all_alloc(THREADS, LEN * sizeof(int));
    for (i = 0; i < B * 8; i++)
        src[i] = (i * 7) % 13;
    if (MYTHREAD == 0)
        copyout(vec, src, B * THREADS);
    pass(3);
    upc_barrier;
    upc_forall (i = 0; i < B * THREADS; i++; &vec[i])
        s += vec[i] * (i % 5 + 1);
    upc_forall (i = 0; i < LEN * THREADS; i++; &ring[i])
        r += ring[i] * (i % 3 + 1);
    printf("thread %d: %ld %ld\n", MYTHREAD, s, r);
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_free(vec);
        upc_free(ring);
    }
    return 0;
}
