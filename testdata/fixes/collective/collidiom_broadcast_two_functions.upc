// collidiom_broadcast_two_functions.upc - the same array broadcast by
// hand in two functions (upcfish's gathers of Ocean in two loops have the
// shape): each fix declares the broadcast's source above its function
// with the same fresh name. Applied in one round, the name would be
// defined twice and the program would not build; the fix loop applies the
// second in the next round, which reuses the declaration.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared long x[THREADS];

void first(long v)
{
    int t;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++)
            x[t] = v;
    }
    upc_barrier;
}

void second(long v)
{
    int t;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++)
            x[t] = v + 1;
    }
    upc_barrier;
}

int main(void)
{
    first(3);
    printf("%d: %ld\n", MYTHREAD, x[MYTHREAD]);
    upc_barrier;
    second(5);
    printf("%d: %ld\n", MYTHREAD, x[MYTHREAD]);
    return 0;
}
