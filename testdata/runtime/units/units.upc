#include <upc.h>
shared int counts[THREADS];
shared [2] int table[4 * THREADS] = {1, 2, 3};
shared [2] int *shared cursor = &table[2];
int total(void)
{
    int i, s = 0;
    for (i = 0; i < THREADS; i++)
        s += counts[i];
    return s;
}
