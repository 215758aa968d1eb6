// get_twice_one_buffer.upc - two blocks are fetched in turn into one
// buffer, each overlapping a computation: the two handles, declared in
// the same block, get two names, the second numbered.

#include <upc_relaxed.h>
#include <stdio.h>

#define N 64

shared [N] long M[N * THREADS];

int main(void)
{
    long blk[N], s = 0, w = 0;
    int t = (MYTHREAD + 1) % THREADS, i;
    upc_forall (i = 0; i < N * THREADS; i++; &M[i])
        M[i] = i;
    upc_barrier;
    upc_memget(blk, &M[t * N], N * sizeof(long));
    for (i = 0; i < 100; i++)
        w += i * i;
    s += blk[3];
    upc_memget(blk, &M[((t + 1) % THREADS) * N], N * sizeof(long));
    for (i = 0; i < 100; i++)
        w += i;
    s += blk[5];
    printf("thread %d: %ld %ld\n", MYTHREAD, s, w);
    return 0;
}
