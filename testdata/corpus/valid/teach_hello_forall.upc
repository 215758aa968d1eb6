/* Which thread runs which iteration? Cyclic vs blocked affinity. */
#include <upc.h>
#include <stdio.h>

#define N 4

shared int owner_cyclic[N * THREADS];
shared [N] int owner_blocked[N * THREADS];

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &owner_cyclic[i])
        owner_cyclic[i] = MYTHREAD;
    upc_forall (i = 0; i < N * THREADS; i++; &owner_blocked[i])
        owner_blocked[i] = MYTHREAD;
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("index  cyclic  blocked\n");
        for (i = 0; i < N * THREADS; i++)
            printf("%5d  %6d  %7d\n", i, owner_cyclic[i], owner_blocked[i]);
    }
    return 0;
}
