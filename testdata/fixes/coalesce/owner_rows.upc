// owner_rows.upc - a cyclic 2-D grid (no layout qualifier: each row is
// spread over the threads): a upc_forall fills the rows, its body an
// inner loop without braces, and thread 0 then sums the whole grid.
// Each row's writes go to a private row and are put with one upc_memput
// per thread; thread 0 fetches the grid with one upc_memget per thread
// and reads it by layout.
#include <upc_relaxed.h>
#include <stdio.h>

#define NR 4
#define NC 24

shared int grid[NR * THREADS][NC];

int main(void)
{
    int r, c;
    long s = 0;
    upc_forall (r = 0; r < NR * THREADS; r++; &grid[r][0])
        for (c = 0; c < NC; c++)
            grid[r][c] = (r * 7 + c) % 11;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (r = 0; r < NR * THREADS; r++)
            for (c = 0; c < NC; c++)
                s += grid[r][c] * (c + 1);
        printf("s=%ld\n", s);
    }
    return 0;
}
