// upclint-flags: --threads 3
/* [*] and computed block sizes under static THREADS: sizes need not mention THREADS. */
#include <upc.h>
#include <stdio.h>

#define SZ 100

shared [*] int a[SZ];                 /* B = ceil(100/3) = 34 */
shared [SZ / THREADS + 1] int b[SZ];  /* same layout, spelled out */
shared int c[SZ];                     /* cyclic, no THREADS needed */
shared [5] char d[SZ][2];

int main(void)
{
    int i, bad = 0;

    if (upc_blocksizeof(a) != upc_blocksizeof(b))
        bad++;
    for (i = 0; i < SZ; i++) {
        if (upc_threadof(&a[i]) != upc_threadof(&b[i]))
            bad++;
        if (upc_threadof(&c[i]) != (size_t)(i % THREADS))
            bad++;
    }
    if (upc_threadof(&d[2][1]) != (size_t)((5 / 5) % THREADS))
        bad++;
    upc_barrier;
    if (!MYTHREAD)
        printf("test_layout_star_static: %s (B=%d)\n", bad ? "failed" : "passed",
               (int)upc_blocksizeof(a));
    return 0;
}
