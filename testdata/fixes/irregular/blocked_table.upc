// A block-cyclic table: the owner comes from the block.
// The updates are race-free: in round r a thread applies only the updates
// of the elements owned by thread (MYTHREAD + r) % THREADS, so every owner
// has one writer per round. Self-checking: thread 0 compares the table
// with a serial recomputation.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 512
#define M 12000

shared [16] unsigned long A[N * THREADS];

static unsigned long h(unsigned long k)
{
    k = (k + 1) * 0x9E3779B97F4A7C15UL;
    return k ^ (k >> 29);
}

void scatter_updates(void)
{
    long i;
    int r;
    for (r = 0; r < THREADS; r++) {
        int target = (MYTHREAD + r) % THREADS;
        for (i = MYTHREAD; i < M; i += THREADS) {
            unsigned long x = h(i) % (N * THREADS);
            if (upc_threadof(&A[x]) == target)
                A[x] += h(i);
        }
        upc_barrier;
    }
}

int main(void)
{
    long i, bad = 0;
    static unsigned long ref[N * 64];
    upc_forall (i = 0; i < N * THREADS; i++; &A[i])
        A[i] = i;
    upc_barrier;
    scatter_updates();
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < N * THREADS; i++)
            ref[i] = i;
        for (i = 0; i < M; i++)
            ref[h(i) % (N * THREADS)] += h(i);
        for (i = 0; i < N * THREADS; i++)
            bad += A[i] != ref[i];
        printf("%s %ld\n", bad ? "FAILED" : "OK", bad);
    }
    return 0;
}
