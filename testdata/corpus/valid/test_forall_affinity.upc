/* upc_forall with every kind of affinity expression, counted per thread. */
#include <upc.h>
#include <stdio.h>

#define PER 8
#define N (PER * THREADS)

shared [2] int arr[N];
shared int counts[6 * THREADS];      /* counts[k*THREADS + t] */
shared int *ptrs;

struct pair { int lo, hi; };

int main(void)
{
    int i, c[6] = {0};
    struct pair range = { 0, N };

    ptrs = (shared int *)arr;        /* cyclic view of the same storage */

    /* integer affinity */
    upc_forall (i = 0; i < N; i++; i)
        c[0]++;
    /* pointer-to-shared affinity */
    upc_forall (i = 0; i < N; i++; &arr[i])
        c[1]++;
    /* continue: every thread runs every iteration */
    upc_forall (i = 0; i < N; i++; continue)
        c[2]++;
    /* empty affinity: same as continue */
    upc_forall (i = 0; i < N; i++;)
        c[3]++;
    /* C99 declaration in the header, affinity through a struct member and an expression */
    upc_forall (int j = range.lo; j < range.hi; j += 2; j / 2) {
        if (j % 4 == 0)
            continue;            /* plain C continue is fine */
        c[4]++;
    }
    /* pointer arithmetic as affinity */
    upc_forall (i = 0; i < N; i++; arr + i)
        c[5]++;

    for (i = 0; i < 6; i++)
        counts[i * THREADS + MYTHREAD] = c[i];
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, ok = 1;
        int sum[6] = {0};
        for (i = 0; i < 6; i++)
            for (t = 0; t < THREADS; t++)
                sum[i] += counts[i * THREADS + t];
        ok = sum[0] == N && sum[1] == N && sum[2] == N * THREADS && sum[3] == N * THREADS &&
             sum[4] == N / 4 && sum[5] == N;
        printf("test_forall_affinity: %s\n", ok ? "passed" : "failed");
    }
    (void)ptrs;
    return 0;
}
