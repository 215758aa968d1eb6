/* A loop body that is never closed: the function swallows the next
   definition. The error is reported where the next function begins; later
   functions are analysed again. */
#include <upc.h>
#include <stdio.h>

#define N 32

shared [N] int grid[N * THREADS];

static void smooth(void);
static int checksum(void);

static void smooth(void)
{
    int i;
    upc_forall (i = 1; i < N * THREADS - 1; i++; &grid[i]) {
        grid[i] = (grid[i - 1] + grid[i] + grid[i + 1]) / 3;
    /* the closing brace of the loop body is missing */
}

static int checksum(void) {                 // want "expected|unexpected"
    int i, s = 0;
    for (i = 0; i < N * THREADS; i++)
        s += grid[i];
    return s;
}

static int count_positive(void)
{
    int i, n = 0;
    for (i = 0; i < N * THREADS; i++)
        n += grid[i] > 0;
    return n + undefined_offset;            // want "undeclared identifier"
}

int main(void)
{
    smooth();
    upc_barrier;
    printf("%d %d\n", checksum(), count_positive());
    return 0;
}
