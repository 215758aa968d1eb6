// indefinite_neighbours.upc - three neighbouring reads of an indefinite
// array with a bound known only at run time: the loop runs in strips of
// 4094 iterations, each fetching its box [s - 1, e] into a stack buffer.
#include <upc_relaxed.h>
#include <stdio.h>

#define LEN 5000

shared [] int line[LEN];

long smooth(int n)
{
    int j;
    long s = 0;
    for (j = 1; j < n - 1; j++)
        s += line[j - 1] + 2 * line[j] + line[j + 1];
    return s;
}

int main(void)
{
    int j;
    if (MYTHREAD == 0) {
        int *l = (int *)line;
        for (j = 0; j < LEN; j++)
            l[j] = (j * 37) % 101;
    }
    upc_barrier;
    printf("thread %d: %ld %ld %ld\n", MYTHREAD, smooth(LEN), smooth(2 + MYTHREAD), smooth(0));
    return 0;
}
