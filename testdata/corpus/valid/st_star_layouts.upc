// upclint-flags: --threads 6
/* [*] on arrays of every rank under static THREADS, and upc_affinitysize. */
#include <upc.h>
#include <stdio.h>

shared [*] int v1[100];
shared [*] double v2[10][10];
shared [*] char v3[3][4][5];
shared [*] struct { int a, b; } v4[13];

int main(void)
{
    int ok = 1;
    /* ceil(100/6) = 17, ceil(100/6) = 17, ceil(60/6) = 10, ceil(13/6) = 3 */
    if (upc_blocksizeof(v1) != 17 || upc_blocksizeof(v2) != 17)
        ok = 0;
    if (upc_blocksizeof(v3) != 10 || upc_blocksizeof(v4) != 3)
        ok = 0;
    if (upc_threadof(&v1[99]) != 5 || upc_threadof(&v3[2][3][4]) != 5)
        ok = 0;
    if (upc_affinitysize(sizeof v1, 17 * sizeof(int), 5) != 15 * sizeof(int))
        ok = 0;
    v4[MYTHREAD].a = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0)
        printf("st_star_layouts: %s\n", ok && v4[5].a == 5 ? "passed" : "failed");
    return 0;
}
