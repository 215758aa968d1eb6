// ptr_blocked_rows.upc - a 2-D grid of NC columns distributed by blocks of
// RB rows, allocated once with upc_global_alloc by thread 0 and reached
// by every thread through a blocked pointer-to-shared (shared [RB*NC]
// int *) copied from the directory thread 0 filled in. Each thread sums
// the rows of its right neighbour's block, element by element, and finds
// the largest row sum of the whole grid, row by row. The pointer points to
// the start of the allocation, so its rows lie where those of a declared
// shared [RB*NC] int [RB*THREADS][NC] array would: the neighbour's block
// is one upc_memget, the grid one per block.
#include <upc_relaxed.h>
#include <stdio.h>

#define NC 12
#define RB 3

shared [RB * NC] int *shared dir;
shared [RB * NC] int *grid;

long neighbour(void)
{
    int r, c;
    long s = 0;
    int peer = (MYTHREAD + 1) % THREADS;
    for (r = 0; r < RB; r++)
        for (c = 0; c < NC; c++)
            s += grid[(peer * RB + r) * NC + c] * (c + 1);
    return s;
}

long widest(void)
{
    int r, c;
    long best = 0;
    for (r = 0; r < RB * THREADS; r++) {
        long t = 0;
        for (c = 0; c < NC; c++)
            t += grid[r * NC + c];
        if (t > best)
            best = t;
    }
    return best;
}

int main(void)
{
    int i;
    if (MYTHREAD == 0)
        dir = upc_global_alloc(THREADS, RB * NC * sizeof(int));
    upc_barrier;
    grid = dir;
    upc_forall (i = 0; i < RB * NC * THREADS; i++; &grid[i])
        grid[i] = (i * 5 + MYTHREAD) % 13;
    upc_barrier;
    printf("thread %d: %ld %ld\n", MYTHREAD, neighbour(), widest());
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(grid);
    return 0;
}
