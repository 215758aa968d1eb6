// allreduce_via_header.upc - (<upc_collective.h> comes through a user header:
// the fix adds no include) thread 0 publishes a value in a shared scalar and
// every thread reads it after the barrier: a hidden broadcast.

#include <upc_relaxed.h>
#include "coll_decls.h"
#include <stdio.h>

shared long config;

long publish(long v)
{
    long t;
    if (MYTHREAD == 0)
        config = v;
    upc_barrier;
    t = config;
    return t;
}

int main(void)
{
    long a = publish(42), b;
    upc_barrier;
    b = publish(-7);
    int ok = a == 42 && b == -7;
    printf("thread %d: %ld %ld %s\n", MYTHREAD, a, b, ok ? "OK" : "FAILED");
    return !ok;
}
