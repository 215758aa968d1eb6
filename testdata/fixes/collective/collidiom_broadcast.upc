// collidiom_broadcast.upc - seed 002 section 3.2: thread 0 writes a value
// into x[t] for every thread t (THREADS remote puts by one thread); the fix
// stores it once and calls upc_all_broadcast on every thread.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared long x[THREADS];

void hand_broadcast(long v)
{
    int t;
    if (MYTHREAD == 0) {
        long w = v * 2;
        for (t = 0; t < THREADS; t++)
            x[t] = w + 1;
    }
    upc_barrier;
}

int main(void)
{
    int iter, bad = 0;
    long sum = 0;
    for (iter = 0; iter < 5; iter++) {
        hand_broadcast(iter * 100);
        sum += x[MYTHREAD];
        bad += x[MYTHREAD] != iter * 200 + 1;
        upc_barrier;
    }
    printf("thread %d: sum=%ld %s\n", MYTHREAD, sum, bad ? "FAILED" : "OK");
    return bad != 0;
}
