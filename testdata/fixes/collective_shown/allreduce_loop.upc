// allreduce_loop.upc - a shared scalar read in a loop every thread runs, and
// under an if whose condition is the same on every thread (the read is the
// unbraced branch: the fix adds the braces).

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared long step;

long iterate(int steps)
{
    int s;
    long acc = 0, t;
    for (s = 0; s < steps; s++) {
        if (MYTHREAD == 0)
            step = s * 10;
        upc_barrier;
        t = step;
        acc += t;
        upc_barrier;
    }
    if (steps > 2)
        acc = step;
    return acc;
}

int main(void)
{
    long a = iterate(2), b = iterate(5);
    int ok = a == 10 && b == 40;
    printf("thread %d: %ld %ld %s\n", MYTHREAD, a, b, ok ? "OK" : "FAILED");
    return !ok;
}
