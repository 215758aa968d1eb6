// Loops whose accesses are no irregular sweep (not reported), and sweeps
// at indices drawn from memory or a call (reported with an estimate) or
// computed from the counter alone (reported without one).
#include <upc_relaxed.h>
#include <stdlib.h>

#define N 256

shared long A[N * THREADS];
shared long flag[THREADS];
shared [N] long R[N * THREADS];
int start[THREADS + 1];
int partner;
void step(void);

/* One element per thread: the index is the owner's thread number. */
long per_thread(void)
{
    int i, v;
    long s = 0;
    for (i = 1; i < THREADS; i++) {
        v = (MYTHREAD + i) % THREADS;
        s += flag[v];
    }
    return s;
}

/* The element a search found, read on the way out of the inner loop. */
long search(void)
{
    int i, j;
    long s = 0;
    for (j = 0; j < 10; j++)
        for (i = 2; i < N; i++)
            if (A[i] > j) {
                s += A[i];
                break;
            }
    return s;
}

/* Nothing in the loop changes the index (step may, as far as invariance
   knows, but the loop does not). */
long fixed_index(void)
{
    int t;
    long s = 0;
    for (t = 0; t < 100; t++) {
        s += A[partner];
        step();
    }
    return s;
}

/* A counter stepping by a value the loop does not change. */
void sieve_step(int sieve)
{
    int i;
    if (MYTHREAD == 0)
        for (i = 2 * sieve; sieve && i < N * THREADS; i += sieve)
            A[i] = 0;
}

/* A counter plus a base read from memory. */
void based(long *out, int n)
{
    int i;
    for (i = 0; i < n; i++)
        out[i] = R[start[MYTHREAD] + i];
}

/* A rotation visits consecutive elements. */
long rotation(int off)
{
    int i;
    long s = 0;
    if (MYTHREAD == 0)
        for (i = 0; i < N; i++)
            s += A[(i + off) % N];
    return s;
}

/* Indices drawn at random: an estimate of the remote operations, and the
   random number generator is no reason to refuse the aggregation. */
void histogram(void)
{
    int l, i;
    if (MYTHREAD == 0)
        for (l = 0; l < 1000; l++) {
            i = (int)(N * drand48());
            A[i] += 1; // want `about 1000\*2\*\(THREADS-1\)/THREADS remote operations per thread per execution of the loop \(not aggregated: not every thread executes the loop`
        }
}

/* A hash of the counter: it may be remote, the rule does not say how
   often. */
long zorder(void)
{
    int i;
    long s = 0;
    if (MYTHREAD == 0)
        for (i = 0; i < N; i++)
            s += A[((i & 0x55) << 1) | (i & 0xAA)] + A[i & 0x55]; // want `the index \(\(i & 0x55\) << 1\) \| \(i & 0xAA\) is not affine, so each access may be a remote operation to an owner known only at run time \(not prefetched`
    return s;
}

/* A upc_forall runs a THREADS-th of its iterations on each thread. */
void forall_reads(const int *key, long *out)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; i) {
        out[i] = A[key[i]]; // want `about 256\*\(THREADS-1\)/THREADS remote operations per thread`
        step();
    }
}

/* A while loop's counter. */
long while_counter(int n)
{
    int k = 0;
    long s = 0;
    if (MYTHREAD == 0)
        while (k * 2 < n) {
            s += A[k];
            ++k;
        }
    return s;
}

/* The index is set, before the access, from values the loop does not
   change; the inner loop reuses the variable. */
void set_before(void)
{
    int t, j;
    for (t = 0; t < 10; t++) {
        j = MYTHREAD * 4;
        A[j - 1] = t;
        for (j = 0; j < 4; j++)
            step();
    }
}

/* A rotation through a variable. */
void rotation_var(int off)
{
    int i, j;
    upc_forall (i = 0; i < N * THREADS; i++; i) {
        j = (i + off) % (N * THREADS);
        A[j] += 1;
    }
}

/* A shared counter: other threads move it between this thread's accesses. */
shared int next;
upc_lock_t *lk;
void append(void)
{
    int i;
    for (i = 0; i < 10; i++) {
        upc_lock(lk);
        A[next++] = MYTHREAD; // want `irregular remote writes of A: the index next\+\+ is not affine`
        upc_unlock(lk);
    }
}
