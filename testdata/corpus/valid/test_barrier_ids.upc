/* Barriers with and without ids; the id must be the same on every thread. */
#include <upc.h>
#include <stdio.h>

#define PHASES 5
#define BARRIER_ID(p) (1000 + (p))

shared int stamp[THREADS];

int main(void)
{
    int phase, t, ok = 1;
    const int base = 42;

    upc_barrier;
    upc_barrier 1;
    upc_barrier (base);
    upc_barrier base * 2 + 1;

    for (phase = 0; phase < PHASES; phase++) {
        stamp[MYTHREAD] = phase;
        upc_barrier BARRIER_ID(phase);
        for (t = 0; t < THREADS; t++)
            if (stamp[t] != phase)
                ok = 0;
        upc_barrier (BARRIER_ID(phase) + PHASES);
    }
    upc_barrier THREADS;           /* single-valued: THREADS is the same everywhere */
    printf("thread %d: test_barrier_ids %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
