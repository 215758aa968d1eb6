/* A transpose buffer sized THREADS*THREADS: legal only with static THREADS.
   Under dynamic THREADS it must be allocated with upc_all_alloc instead. */
#include <upc.h>
#include <upc_collective.h>

#define MSG 8

shared [MSG] int send[MSG * THREADS * THREADS];        // want "THREADS must appear exactly once"
shared [MSG] int recv[MSG * THREADS][THREADS];         // want "THREADS must appear exactly once"
shared [MSG] int good[MSG * THREADS];

int main(void)
{
    int i;
    for (i = 0; i < MSG; i++)
        good[MYTHREAD * MSG + i] = i;
    upc_barrier;
    return good[0];
}
