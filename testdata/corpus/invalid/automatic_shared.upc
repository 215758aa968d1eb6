/* Shared objects cannot have automatic storage duration. */
#include <upc.h>
#include <stdio.h>

#define SCRATCH(T, name) shared T name

static int reduce(int v)
{
    shared int partial[THREADS];               // want "automatic storage"
    static shared int total;                   /* fine: static storage */
    int t, s = 0;

    partial[MYTHREAD] = v;
    upc_barrier;
    for (t = 0; t < THREADS; t++)
        s += partial[t];
    if (MYTHREAD == 0)
        total = s;
    upc_barrier;
    return total;
}

int main(void)
{
    shared [4] double buf[4 * THREADS];        // want "automatic storage"
    int r;
    {
        SCRATCH(long, tmp);                    // want "automatic storage"
        (void)tmp;
    }
    r = reduce(MYTHREAD);
    buf[MYTHREAD] = r;
    printf("%d\n", r);
    return 0;
}
