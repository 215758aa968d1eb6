// strided_param.upc - seed 000 Figure 1 with a run-time length and a
// start offset: v[i + 3] for i = MYTHREAD + 1, MYTHREAD + 1 + THREADS, ...
// below n is one upc_memget of the elements one thread holds.
#include <upc_relaxed.h>
#include <stdio.h>

shared float v[50 * THREADS];
shared float w[50 * THREADS];

void shift3(int n)
{
    int i;
    for (i = MYTHREAD + 1; i < n; i += THREADS) {
        /* three to the right */
        w[i - 1] = v[i + 3] + 0.5f;
    }
}

int main(void)
{
    int i;
    double s = 0;
    upc_forall (i = 0; i < 50 * THREADS; i++; i) {
        v[i] = i % 10;
        w[i] = 0;
    }
    upc_barrier;
    shift3(40 * THREADS);
    shift3(MYTHREAD); /* no iterations */
    upc_barrier;
    upc_forall (i = 0; i < 50 * THREADS; i++; i)
        s += w[i] * (i % 4 + 1);
    printf("thread %d: s=%.1f\n", MYTHREAD, s);
    return 0;
}
