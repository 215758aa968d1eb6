// Irregular accesses the rule reports but must not aggregate.
#include <upc_relaxed.h>

#define N 256

shared long A[N * THREADS];
shared double D[N * THREADS];
shared int I[N * THREADS];
upc_lock_t *lk;

static unsigned long h(unsigned long k) { return (k + 1) * 0x9E3779B97F4A7C15UL >> 7; }

/* The loop reads what it updates. */
void reads_updated(void)
{
    long i;
    for (i = MYTHREAD; i < 1000; i += THREADS)
        A[h(i) % (N * THREADS)] += A[h(i + 1) % (N * THREADS)]; // want "not aggregated: the loop reads A"
}

/* A barrier in the body. */
void barrier_in_body(void)
{
    long i;
    for (i = 0; i < 10; i++) {
        A[h(i) % (N * THREADS)] ^= i; // want "not aggregated: the loop body contains upc_barrier"
        upc_barrier;
    }
}

/* A lock in the body. */
void lock_in_body(void)
{
    long i;
    for (i = MYTHREAD; i < 1000; i += THREADS) {
        upc_lock(lk);
        A[h(i) % (N * THREADS)] += 1; // want "not aggregated: the loop body calls upc_lock"
        upc_unlock(lk);
    }
}

/* Only thread 0 runs the loop. */
void one_thread(void)
{
    long i;
    if (MYTHREAD == 0)
        for (i = 0; i < 1000; i++)
            A[h(i) % (N * THREADS)]++; // want "not aggregated: not every thread executes the loop"
}

/* Floating-point sums depend on their order. */
void float_sum(void)
{
    long i;
    for (i = MYTHREAD; i < 1000; i += THREADS)
        D[h(i) % (N * THREADS)] += 0.5; // want "not aggregated: the updates are not integer"
}

/* A plain store is not commutative. */
void plain_store(void)
{
    long i;
    for (i = MYTHREAD; i < 1000; i += THREADS)
        A[h(i) % (N * THREADS)] = i; // want "not aggregated: a plain store is not commutative"
}

/* The loop leaves by break. */
void breaks(void)
{
    long i;
    for (i = MYTHREAD; i < 1000; i += THREADS) {
        if (i > 500)
            break;
        A[h(i) % (N * THREADS)] += 1; // want "not aggregated: the loop body leaves the loop"
    }
}

/* A gather: reported with its estimate, no aggregation offered. */
long gather(const long *idx)
{
    long i, s = 0;
    for (i = 0; i < 100; i++)
        s += A[idx[i]]; // want "irregular remote reads of A: the index idx\\[i\\] is not affine.*about 100\\*\\(THREADS-1\\)/THREADS remote operations"
    return s;
}

/* The read is guarded: the inspector would read indices the loop does not. */
long guarded(const long *idx)
{
    long i, s = 0;
    for (i = 0; i < 100; i++) {
        if (idx[i] >= 0)
            s += A[idx[i]]; // want "not prefetched: the read is not a statement of the loop body evaluated in every iteration"
    }
    return s;
}

/* The loop writes the index array. */
long writes_index(long *idx)
{
    long i, s = 0;
    for (i = 0; i < 99; i++) {
        s += A[idx[i]]; // want "not prefetched: the loop writes idx, which the index reads"
        idx[i + 1] = s % 7;
    }
    return s;
}

/* A barrier in a reading loop. */
long barrier_read(const long *idx)
{
    long i, s = 0;
    for (i = 0; i < 10; i++) {
        s += A[idx[i]]; // want "not prefetched: the loop body contains upc_barrier"
        upc_barrier;
    }
    return s;
}

/* The loop reads and writes the array. */
long read_write(const long *idx)
{
    long i, s = 0;
    for (i = 0; i < 100; i++) {
        s += A[idx[i]]; // want "not prefetched: the loop accesses A more than once"
        A[idx[i] + 1] = s;
    }
    return s;
}

/* pearls' histo.upc: random increments of int counters. A queued update
 * (4-byte value, 4-byte index) moves as many bytes as the remote read and
 * write it replaces, and the exchanges add their headers and flags. */
void int_counts(void)
{
    long l;
    for (l = 0; l < 1000; l++) {
        long i = (long)(h(l + MYTHREAD) % (N * THREADS));
        I[i] += 1; // want "not aggregated: an aggregated update moves its 4-byte value and a 4-byte index, no fewer bytes than the remote read and write it replaces \\(8\\)"
    }
}

int main(void)
{
    long idx[100] = {0};
    lk = upc_all_lock_alloc();
    reads_updated();
    barrier_in_body();
    lock_in_body();
    one_thread();
    float_sum();
    plain_store();
    breaks();
    int_counts();
    upc_barrier;
    return (int)(gather(idx) + guarded(idx) + writes_index(idx) + barrier_read(idx) + read_write(idx));
}
