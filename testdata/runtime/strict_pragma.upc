// #pragma upc strict in a block makes unqualified accesses strict there only.
// expect: strict 3
#include <upc.h>
#include <stdio.h>
shared int x[THREADS];
int main(void)
{
    {
#pragma upc strict
        x[MYTHREAD] = 1;
        x[MYTHREAD] = x[MYTHREAD] + 1;
    }
    x[MYTHREAD] += 1; /* relaxed again */
    upc_barrier;
    if (MYTHREAD == 0)
        printf("strict %d\n", x[THREADS - 1]);
    return 0;
}
