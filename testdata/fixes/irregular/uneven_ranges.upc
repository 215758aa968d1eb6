// Block ranges of different lengths: threads end their loops at different exchanges.
// The updates are race-free: in round r a thread applies only the updates
// of the elements owned by thread (MYTHREAD + r) % THREADS, so every owner
// has one writer per round. Self-checking: thread 0 compares the table
// with a serial recomputation.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 512
#define M 12000

shared long A[N * THREADS];

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
        long lo = MYTHREAD * (long)MYTHREAD * 37, hi = lo + 3000 + MYTHREAD * 900;
        for (i = lo; i < hi; i++) {
            unsigned long x = h(i) % (N * THREADS);
            if (upc_threadof(&A[x]) == target)
                A[x] += 1 + (i & 3);
        }
        upc_barrier;
    }
}

int main(void)
{
    long i, bad = 0;
    static long ref[N * 64];
    upc_forall (i = 0; i < N * THREADS; i++; &A[i])
        A[i] = 0;
    upc_barrier;
    scatter_updates();
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < N * THREADS; i++)
            ref[i] = 0;
        for (long t = 0; t < THREADS; t++) {
            long lo = t * t * 37, hi = lo + 3000 + t * 900;
            for (i = lo; i < hi; i++)
                ref[h(i) % (N * THREADS)] += 1 + (i & 3);
        }
        for (i = 0; i < N * THREADS; i++)
            bad += A[i] != ref[i];
        printf("%s %ld\n", bad ? "FAILED" : "OK", bad);
    }
    return 0;
}
