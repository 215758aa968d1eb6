// allreduce_no_header.upc - allreduce_loop.upc without <upc_collective.h>:
// a shared scalar read twice by every thread; both fixes call
// upc_all_broadcast and need the header, which is added once.

#include <upc_relaxed.h>
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
