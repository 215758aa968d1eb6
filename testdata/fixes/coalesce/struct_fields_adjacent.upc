// struct_fields_adjacent.upc - an all-pairs particle loop reads some fields
// of every element of a shared array of structures. Fetching whole elements
// per owning thread would move more bytes than the loop reads, so each
// iteration copies the adjacent fields it reads (x, y, z; vx and vy) with
// one upc_memget (seed 000 section 4.2, static coalescing of the fields of
// one element). x and m are not adjacent: that loop gets them with one
// non-blocking transfer each, completed together (the same reads, overlapped).
#include <upc_relaxed.h>
#include <stdio.h>

#define NP 48

typedef struct particle {
    double x, y, z;
    double vx, vy, vz;
    double m;
} particle_t;

shared particle_t P[NP * THREADS];

double potential(void)
{
    int i, j;
    double u = 0.0;
    for (i = MYTHREAD; i < NP; i += THREADS) {
        double xi = P[i].x, yi = P[i].y, zi = P[i].z;
        for (j = 0; j < NP; j++) {
            double dx = P[j].x - xi;
            double dy = P[j].y - yi;
            double dz = P[j].z - zi;
            u += dx * dx + dy * dy + dz * dz;
        }
    }
    return u;
}

double kinetic(void)
{
    int j;
    double e = 0.0;
    for (j = 0; j < NP; j++)
        e += P[j].vx * P[j].vx + P[j].vy * P[j].vy; /* planar */
    return e;
}

double moment(void)
{
    int j;
    double s = 0.0;
    for (j = 0; j < NP; j++)
        s += P[j].x * P[j].m;
    return s;
}

int main(void)
{
    int i;
    for (i = MYTHREAD; i < NP * THREADS; i += THREADS) {
        P[i].x = i % 7;
        P[i].y = i % 5;
        P[i].z = i % 3;
        P[i].vx = i % 4 - 1.5;
        P[i].vy = i % 6 - 2.5;
        P[i].vz = 0.0;
        P[i].m = 1.0 + i % 2;
    }
    upc_barrier;
    printf("thread %d: u=%.1f e=%.2f s=%.1f\n", MYTHREAD, potential(), kinetic(), moment());
    return 0;
}
