// write_rows_band.upc - every thread fills a band of whole rows of a cyclic
// 2-D array in a plain for loop: each row goes into a private buffer, and
// since the rows are whole, each thread's parts of consecutive rows are
// adjacent in its memory and merge into one upc_memput per owning thread
// (a run is put early when its staging space is full).
#include <upc_relaxed.h>
#include <stdio.h>

#define NK 40
#define BAND 150

shared long T[BAND * THREADS][NK];

void band(int r0, long seed)
{
    int i, k;
    for (i = r0; i < r0 + BAND; i++) {
        for (k = 0; k < NK; k++)
            T[i][k] = (seed * 31 + i * 7 + k) % 1009;
    }
}

int main(void)
{
    int i;
    long s = 0;
    band(MYTHREAD * BAND, MYTHREAD + 1);
    upc_barrier;
    upc_forall (i = 0; i < BAND * THREADS * NK; i++; &T[0][i]) /* my elements */
        s += T[0][i] * (i % 5 + 1);
    printf("thread %d: s=%ld\n", MYTHREAD, s);
    return 0;
}
