// struct_large.upc - reads and writes of elements of a large struct over a
// range of unknown length: the strips hold as many elements as 64 KiB of
// stack allows (27 of these 2.4 KB elements), not 4096 of them.
#include <upc_relaxed.h>
#include <stdio.h>

#define M 40

typedef struct {
    double v[300];
    int tag;
} big_t;

shared big_t X[M * THREADS];
shared big_t Y[M * THREADS];

long sum(int n)
{
    long s = 0;
    int j;
    for (j = 0; j < n; j++)
        s = (s * 7 + X[j].tag + (long)X[j].v[3]) % 1000003;
    return s;
}

void copy(int n)
{
    int j;
    for (j = 0; j < n; j++)
        Y[j] = X[j + 1];
}

int main(void)
{
    int i;
    long s = 0;
    upc_forall (i = 0; i < M * THREADS; i++; &X[i]) {
        X[i].tag = i % 23 - 7;
        X[i].v[3] = i;
        Y[i].tag = -1;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("sum %ld %ld %ld\n", sum(M * THREADS), sum(0), sum(-3));
        copy(M * THREADS - 1);
    }
    upc_barrier;
    for (i = MYTHREAD; i < M * THREADS; i += THREADS)
        s += Y[i].tag * (long)Y[i].v[3];
    printf("thread %d: %ld\n", MYTHREAD, s);
    return 0;
}
