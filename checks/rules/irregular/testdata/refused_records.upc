// Irregular reads of structure elements the rule reports but must not
// prefetch.
#include <upc_relaxed.h>

#define N 256

typedef struct { const long k; long v; } fixed_t;
typedef struct { long a; long b; } pair_t;
shared fixed_t F[N * THREADS];
shared pair_t P[N * THREADS];
static long gidx[100];

static long width(pair_t p) { return p.b - p.a; }

/* A const member: the strip buffer could not be assigned. */
long const_member(const long *idx)
{
    long i, s = 0;
    for (i = 0; i < 100; i++) {
        fixed_t e = F[idx[i]]; // want "not prefetched: the element read is not a scalar or a structure that can be copied"
        s += e.k + e.v;
    }
    return s;
}

/* A barrier in the loop. */
long barrier_in_body(const long *idx)
{
    long i, s = 0;
    for (i = 0; i < 10; i++) {
        pair_t p = P[idx[i]]; // want "not prefetched: the loop body contains upc_barrier"
        s += p.a;
        upc_barrier;
    }
    return s;
}

/* The loop writes the array it reads. */
long writes_array(const long *idx)
{
    long i, s = 0;
    for (i = 0; i < 100; i++) {
        pair_t p = P[idx[i]]; // want "not prefetched: the loop accesses P more than once"
        P[idx[i]].b = p.a + 1;
        s += p.b;
    }
    return s;
}

/* The read is guarded. */
long guarded(const long *idx)
{
    long i, s = 0;
    for (i = 0; i < 100; i++) {
        if (idx[i] > 3) {
            pair_t p = P[idx[i]]; // want "not prefetched: the read is not a statement of the loop body evaluated in every iteration"
            s += p.a;
        }
    }
    return s;
}

/* A call in the loop may write the index array, a file-scope variable. */
long calls(void)
{
    long i, s = 0;
    for (i = 0; i < 100; i++) {
        s += width(P[gidx[i]]); // want "not prefetched: the index reads a file-scope variable and the loop calls width"
    }
    return s;
}

/* Not every thread runs the loop, which is no obstacle for reads: the
 * structure has a const member. */
long one_thread(const long *idx)
{
    long i, s = 0;
    if (MYTHREAD == 0)
        for (i = 0; i < 100; i++) {
            fixed_t e = F[idx[i]]; // want "not prefetched: the element read is not a scalar or a structure that can be copied"
            s += e.v;
        }
    return s;
}

/* A second index variable whose address the function takes: a pointer
 * could change it where the inspector cannot see. */
long companion_address(const long *idx, long **out)
{
    long i, k, s = 0;
    *out = &k;
    for (i = 0, k = 0; i < 100; i++, k++) {
        pair_t p = P[idx[k]]; // want "not prefetched: the loop writes k, which the index reads"
        s += p.a;
    }
    return s;
}

int main(void)
{
    long idx[100] = {0}, *kp;
    return (int)(companion_address(idx, &kp) + const_member(idx) + barrier_in_body(idx) + writes_array(idx) + guarded(idx) + calls() + one_thread(idx));
}
