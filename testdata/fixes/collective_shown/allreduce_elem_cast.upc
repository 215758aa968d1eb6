// allreduce_elem_cast.upc - one element of a shared array at a single-valued
// index, and a cast around a shared scalar in a return statement.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared [] int params[16];
shared long grid[4 * THREADS];
shared double scale;

int first_param(void)
{
    int p = params[3];
    return p;
}

long last(void)
{
    long x;
    x = grid[THREADS - 1];
    return x;
}

int as_int(void)
{
    return (int)scale;
}

int main(void)
{
    int i;
    if (MYTHREAD == 0) {
        for (i = 0; i < 16; i++)
            params[i] = i * i;
        scale = 7.0;
    }
    for (i = MYTHREAD; i < 4 * THREADS; i += THREADS)
        grid[i] = 100 + i;
    upc_barrier;
    int p = first_param();
    long g = last();
    int s = as_int();
    int ok = p == 9 && g == 100 + THREADS - 1 && s == 7;
    printf("thread %d: %d %ld %d %s\n", MYTHREAD, p, g, s, ok ? "OK" : "FAILED");
    return !ok;
}
