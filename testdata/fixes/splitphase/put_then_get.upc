// put_then_get.upc - a put to one array followed by a get from another and
// private work: the put completes after the get was issued; the get
// completes before its buffer is read.

#include <upc_relaxed.h>
#include <stdio.h>

#define N 32

shared [N] short P[N * THREADS];
shared [N] short Q[N * THREADS];

int main(void)
{
    short out[N], in[N];
    int k, sum = 0, bad = 0, to = (MYTHREAD + 1) % THREADS;
    for (k = 0; k < N; k++) {
        out[k] = (short)(MYTHREAD + k);
        Q[MYTHREAD * N + k] = (short)(3 * k);
    }
    upc_barrier;
    upc_memput(&P[to * N], out, N * sizeof(short));
    upc_memget(in, &Q[to * N], N * sizeof(short));
    for (k = 0; k < N; k++)
        sum += in[k];
    upc_barrier;
    for (k = 0; k < N; k++)
        bad += P[MYTHREAD * N + k] != (short)((MYTHREAD + THREADS - 1) % THREADS + k);
    printf("thread %d: sum=%d %s\n", MYTHREAD, sum, bad ? "FAILED" : "OK");
    return bad != 0;
}
