/* Why barriers matter: write, barrier, read the neighbour's value. */
#include <upc.h>
#include <stdio.h>

shared int value[THREADS];

int main(void)
{
    int phase, left = (MYTHREAD + THREADS - 1) % THREADS;

    for (phase = 1; phase <= 3; phase++) {
        value[MYTHREAD] = phase * 10 + MYTHREAD;
        upc_barrier;                           /* all writes of this phase are done */
        printf("phase %d: thread %d reads %d from thread %d\n", phase, MYTHREAD, value[left], left);
        upc_barrier;                           /* all reads are done before the next writes */
    }
    return 0;
}
