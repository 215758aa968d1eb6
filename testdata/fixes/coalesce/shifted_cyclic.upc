// shifted_cyclic.upc - the loop of seed 000 Figure 1: A[i] = B[i+1] * C[i+1]
// with i = MYTHREAD, MYTHREAD+THREADS, ...: B[i+1] and C[i+1] are all on
// the next thread and adjacent there, so each is one upc_memget.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 1000

shared double A[N * THREADS], B[N * THREADS], C[N * THREADS];

void kernel(void)
{
    int i;
    for (i = MYTHREAD; i < N - 1; i += THREADS)
        A[i] = B[i + 1] * C[i + 1];
}

int main(void)
{
    int i;
    long check = 0;
    for (i = MYTHREAD; i < N; i += THREADS) {
        A[i] = 0;
        B[i] = i % 13 + 1;
        C[i] = i % 5 + 1;
    }
    upc_barrier;
    kernel();
    upc_barrier;
    for (i = MYTHREAD; i < N; i += THREADS)
        check += (long)A[i] * (i % 7 + 1);
    printf("thread %d: check=%ld\n", MYTHREAD, check);
    return 0;
}
