// finegrain: struct element coalescing (Alvanos et al., section 4.2): several
// fields of one element at an index that is not affine.
#include <upc_relaxed.h>
#include <upc.h>

#define N 256

typedef struct { double x, y, z; int tag; } rec_t;

shared rec_t T[N * THREADS];
strict shared rec_t S[N * THREADS];
shared double D[N * THREADS];
upc_lock_t *lock;
int perm[N];

double fields_random(void)
{
    int k;
    double s = 0.0;
    for (k = 0; k < N; k++) {
        s += T[perm[k]].x + T[perm[k]].y; // want "remote reads of 3 fields of T\\[perm\\[k\\]\\] \\(x, y, z\\) in each iteration of this loop: one remote operation per field; struct element coalescing"
        s *= T[perm[k]].z;
    }
    return s;
}

double modulo_index(void)
{
    int i;
    double s = 0.0;
    for (i = 0; i < N; i++) {
        int j = (i * 31) % N;
        s += T[j].x - T[j].tag; // want "2 fields of T\\[j\\]"
    }
    return s;
}

double one_field(void)
{
    int k;
    double s = 0.0;
    for (k = 0; k < N; k++) {
        s += T[perm[k]].x;
        s += T[perm[k]].x * 2.0;
    }
    return s;
}

double write_between(void)
{
    int k;
    double s = 0.0;
    for (k = 0; k < N; k++) {
        s += T[perm[k]].x;
        T[perm[k]].tag = 1;
        s += T[perm[k]].y;
    }
    return s;
}

double index_changes(void)
{
    int k, j = 0;
    double s = 0.0;
    for (k = 0; k < N; k++) {
        s += T[j].x;
        j = perm[k];
        s += T[j].y;
    }
    return s;
}

double private_write_between(void)
{
    int k;
    double s = 0.0;
    for (k = 0; k < N; k++) {
        s += T[perm[k]].x;
        perm[k] = k;
        s += T[perm[k]].y;
    }
    return s;
}

double lock_between(void)
{
    int k;
    double s = 0.0;
    for (k = 0; k < N; k++) {
        s += T[perm[k]].x;
        upc_lock(lock);
        s += T[perm[k]].y;
        upc_unlock(lock);
    }
    return s;
}

double strict_between(void)
{
    int k;
    double s = 0.0;
    for (k = 0; k < N; k++) {
        s += T[perm[k]].x;
        s += S[0].x;
        s += T[perm[k]].y;
    }
    return s;
}

double conditional(void)
{
    int k;
    double s = 0.0;
    for (k = 0; k < N; k++)
        if (perm[k] > 0) {
            s += perm[k] > 1 ? T[perm[k]].x : 0.0;
            s += perm[k] > 2 && T[perm[k]].y > 0.0;
        }
    return s;
}

double barrier_between(void)
{
    int k;
    double s = 0.0;
    for (k = 0; k < N; k++) {
        s += T[perm[k]].x;
        upc_barrier;
        s += T[perm[k]].y;
    }
    return s;
}

double side_effect_index(void)
{
    int k, j = 0;
    double s = 0.0;
    for (k = 0; k < N; k++) {
        s += T[perm[j++ % N]].x + T[perm[j++ % N]].y;
    }
    return s;
}
