// if_body.upc - thread 0's loops written as the whole body of an if
// without braces, as real codes write them: it fills an array of
// dimensions with a run-time bound (the mcop benchmark's
// if (MYTHREAD == 0) for (i = 0; i < iPsize+1; i++) shared_iDims[i] = ...),
// prints the primes a sieve left (if (MYTHREAD == 0) for (i = 2; i < MaxN;
// i++) if (z[i] != 0) ...), and updates a neighbour's row under an if
// with an else. The rewrite gives the if's branch braces, so that the
// buffer and its copies stay with the loop.
#include <upc_relaxed.h>
#include <stdio.h>

#define PER 50
#define LEN 12

shared int z[PER * THREADS];
shared int dims[(PER + 1) * THREADS];
shared [LEN] int row[THREADS][LEN];

int main(int argc, char **argv)
{
    int i, j;
    long s = 0;
    int n = PER * THREADS - 3 + argc;
    int peer = (MYTHREAD + 1) % THREADS;
    if (MYTHREAD == 0)
        for (i = 0; i < n + 1; i++)
            dims[i] = (i * 29) % 31 + 5;
    upc_forall (i = 0; i < PER * THREADS; i++; &z[i])
        z[i] = (i % 3) ? i : 0;
    upc_forall (i = 0; i < THREADS; i++; &row[i][0])
        for (j = 0; j < LEN; j++)
            row[i][j] = i + j;
    upc_barrier;
    if (MYTHREAD == 0)
        for (i = 2; i < PER * THREADS; i++) {
            if (z[i] != 0)
                s += z[i] % 7;
        }
    if (MYTHREAD % 2 == 0)
        for (i = 0; i < LEN; i++)
            row[peer][i] += 3;
    else
        s++;
    upc_barrier;
    upc_forall (i = 0; i < n + 1; i++; &dims[i])
        s += dims[i];
    upc_forall (i = 0; i < THREADS; i++; &row[i][0])
        s += row[i][LEN - 1] * (i + 1);
    printf("thread %d: %ld\n", MYTHREAD, s);
    return 0;
}
