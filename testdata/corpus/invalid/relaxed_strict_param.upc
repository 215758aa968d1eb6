/* Both consistency qualifiers on a pointed-to type, through a typedef. */
#include <upc.h>

typedef relaxed shared double rd_t;

shared double grid[16 * THREADS];

static double read_strict(strict rd_t *p)      // want "both strict and relaxed"
{
    return *p;
}

static double read_ok(strict shared double *p) /* fine */
{
    return *p;
}

int main(void)
{
    (void)read_strict;
    return (int)read_ok(&grid[MYTHREAD]);
}
