/* [*] layout under dynamic THREADS: the array still has THREADS in its size. */
#include <upc.h>
#include <stdio.h>

#define PER 7

shared [*] int star[PER * THREADS];
shared [*] double star2d[THREADS][4];

int main(void)
{
    int i, j, bad = 0;

    /* block size is ceil(PER*THREADS / THREADS) == PER */
    if (upc_blocksizeof(star) != PER)
        bad++;
    for (i = 0; i < PER * THREADS; i++)
        if (upc_threadof(&star[i]) != (size_t)(i / PER))
            bad++;
    /* 2-D: each thread owns one row of 4 */
    for (i = 0; i < THREADS; i++)
        for (j = 0; j < 4; j++)
            if (upc_threadof(&star2d[i][j]) != (size_t)i)
                bad++;
    upc_forall (i = 0; i < THREADS; i++; &star2d[i][0])
        for (j = 0; j < 4; j++)
            star2d[i][j] = i + j / 4.0;
    upc_barrier;
    printf("%d: test_layout_star %s\n", MYTHREAD, bad == 0 ? "passed" : "failed");
    return 0;
}
