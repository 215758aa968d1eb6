// Reads through a cast of a pointer, as the UPC collectives reference
// implementation reduces this thread's elements of src: the cast's type
// gives the layout the reads follow, cyclic or blocked, whatever the
// pointer's own; the element type keeps the macro the cast spells it
// with (RED_T), so the fixed code stays right for every type it is built for.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 40
#define B 4
#define RED_T double

shared double v[N * THREADS];
shared [B] long w[N * THREADS];

/* this thread's elements of a cyclic view of src, from start */
RED_T reduce_local(shared const void *src, int start, int n_local, int op)
{
    int i;
    RED_T r = 0;
    switch (op)
    {
    case 0:
        for (i = start + THREADS; i < start + n_local * THREADS; i += THREADS)
            r += *((shared const RED_T *)src + i);
        break;
    default:
        r = 1;
        for (i = start + THREADS; i < start + n_local * THREADS; i += THREADS)
        {
            r *= 1 + *((shared const RED_T *)src + i) / 64;
        }
        break;
    }
    return r;
}

/* a window of a blocked view */
long window(shared void *src, int first)
{
    int j;
    long s = 0;
    for (j = 0; j < 3 * B; j++)
        s += ((shared [B] long *)src)[first + j] * (j + 1);
    return s;
}

int main(void)
{
    int i;
    for (i = MYTHREAD; i < N * THREADS; i += THREADS) {
        v[i] = i * 0.5;
        w[i] = i * 3 + 1;
    }
    upc_barrier;
    printf("thread %d: %.1f %.6f %ld\n", MYTHREAD, reduce_local(v, (MYTHREAD + 1) % THREADS, N / 2, 0),
           reduce_local(v, MYTHREAD, N / 4, 1), window(w, MYTHREAD * 5 + 1));
    return 0;
}
