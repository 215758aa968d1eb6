// forall_table.upc - a upc_forall that reads a small indefinite table on
// thread 0 backwards: the table is one upc_memget into a stack buffer
// before the forall.
#include <upc_relaxed.h>
#include <stdio.h>

#define M 64

shared [] int table[M];
shared int out[M * THREADS];

void apply(void)
{
    int i;
    upc_forall (i = 0; i < M - 1; i++; &out[i])
        out[i] = table[M - 1 - i] * 2 + table[M - 2 - i];
}

int main(void)
{
    int i;
    long s = 0;
    if (MYTHREAD == 0) {
        int *t = (int *)table;
        for (i = 0; i < M; i++)
            t[i] = i * i % 13;
    }
    upc_barrier;
    apply();
    upc_barrier;
    upc_forall (i = 0; i < M * THREADS; i++; &out[i])
        s += out[i] * (i % 5);
    printf("thread %d: s=%ld\n", MYTHREAD, s);
    return 0;
}
