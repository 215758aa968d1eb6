// Transfers that must stay blocking: something between the transfer and
// the first use of its data orders memory or may touch it.
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

shared [8] long A[8 * THREADS];
shared [8] long B[8 * THREADS];
strict shared int flag;
upc_lock_t *lock;
long *alias;
void unknown(void);

long barrier_between(void)
{
    long buf[8], s = 0;
    int k;
    upc_memget(buf, &A[0], sizeof(buf));
    upc_barrier;
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}

long lock_between(void)
{
    long buf[8], s = 0;
    int k;
    upc_memget(buf, &A[8], sizeof(buf));
    upc_lock(lock);
    s = 1;
    upc_unlock(lock);
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}

long unknown_call_between(void)
{
    long buf[8], s = 0;
    int k;
    upc_memget(buf, &A[0], sizeof(buf));
    unknown();
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}

long conflicting_write(void)
{
    long buf[8], s = 0;
    int k;
    upc_memget(buf, &A[0], sizeof(buf));
    A[3] = 7;
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}

long strict_between(void)
{
    long buf[8], s = 0;
    int k;
    upc_memget(buf, &A[0], sizeof(buf));
    s = flag;
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}

long aliased_buffer(void)
{
    long buf[8], s = 0;
    int k;
    alias = buf;
    upc_memget(buf, &A[0], sizeof(buf));
    s = alias[0];
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}

long put_then_read_destination(void)
{
    long buf[8], s = 0;
    int k;
    for (k = 0; k < 8; k++)
        buf[k] = k;
    upc_memput(&B[8], buf, sizeof(buf));
    s = B[9];
    return s;
}

long return_between(int early)
{
    long buf[8], s = 0;
    int k;
    upc_memget(buf, &A[0], sizeof(buf));
    if (early)
        return 0;
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}

long nothing_between(void)
{
    long buf[8], s = 0;
    int k;
    upc_memget(buf, &A[0], sizeof(buf));
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}

long through_pointer_to_shared(shared [8] long *p)
{
    long buf[8], s = 0;
    int k;
    upc_memget(buf, &A[0], sizeof(buf));
    *p = 3;
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}

/* A malloc'ed buffer another pointer also holds: a write through it
 * could reach the buffer unseen. */
long malloc_escapes(void)
{
    long *buf = malloc(8 * sizeof *buf), s = 0;
    int k;
    alias = buf;
    upc_memget(buf, &A[0], 8 * sizeof *buf);
    for (k = 1; k < 100; k++)
        s += k % 3;
    for (k = 0; k < 8; k++)
        s += buf[k];
    free(buf);
    return s;
}

/* The buffer is a parameter: the caller may hold it too. */
long pointer_parameter(long *buf)
{
    long s = 0;
    int k;
    upc_memget(buf, &A[0], 8 * sizeof *buf);
    for (k = 1; k < 100; k++)
        s += k % 3;
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}

/* The guard has a side effect: it cannot be read as the handle's test. */
long guard_side_effect(int n)
{
    long buf[8], s = 0;
    int k;
    if (n-- > 0)
        upc_memget(buf, &A[0], sizeof(buf));
    for (k = 1; k < 100; k++)
        s += k % 3;
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s + n;
}

/* The guarded transfer has an else branch. */
long guard_else(int n)
{
    long buf[8], s = 0;
    int k;
    if (n > 0)
        upc_memget(buf, &A[0], sizeof(buf));
    else
        upc_memget(buf, &A[8], sizeof(buf));
    for (k = 1; k < 100; k++)
        s += k % 3;
    for (k = 0; k < 8; k++)
        s += buf[k];
    return s;
}
