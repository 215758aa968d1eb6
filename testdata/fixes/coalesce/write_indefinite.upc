// write_indefinite.upc - every thread fills its slice of a table that is
// all on thread 0 (shared []): the element-wise remote writes go to a
// private buffer and one upc_memput after the loop.
#include <upc_relaxed.h>
#include <stdio.h>

#define K 300
#define MAXT 8

shared [] int R[MAXT * K];

void fill(int t)
{
    int j;
    for (j = 0; j < K; j++)
        R[t * K + j] = (j * j + t) % 97; /* row t of the table */
}

int main(void)
{
    int j;
    long s = 0;
    if (THREADS > MAXT) {
        if (MYTHREAD == 0)
            printf("needs THREADS <= %d\n", MAXT);
        return 0;
    }
    fill(MYTHREAD);
    upc_barrier;
    if (MYTHREAD == 0) {
        int *r = (int *)R; /* R is all on thread 0 */
        for (j = 0; j < THREADS * K; j++)
            s += (long)r[j] * (j % 13 + 1);
    }
    printf("thread %d: s=%ld\n", MYTHREAD, s);
    return 0;
}
