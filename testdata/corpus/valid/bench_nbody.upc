/*
 * Direct n-body: bodies are blocked per thread; each step every thread gets a
 * copy of all positions (upc_all_gather_all into a buffer of THREADS blocks of
 * THREADS*NLOCAL bodies) and advances its own bodies.
 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define NLOCAL 32
#define DT 0.01
#define SOFT 1e-3
#define STEPS 20

typedef struct {
    double x, y, z;
    double m;
} pos_t;

typedef struct {
    double vx, vy, vz;
} vel_t;

shared [NLOCAL] pos_t pos[NLOCAL * THREADS];
shared [NLOCAL] vel_t vel[NLOCAL * THREADS];
shared double energy[THREADS];

static void init_bodies(void)
{
    int i;
    upc_forall (i = 0; i < NLOCAL * THREADS; i++; &pos[i]) {
        pos_t p;
        p.x = cos(0.1 * i);
        p.y = sin(0.1 * i);
        p.z = 0.01 * i;
        p.m = 1.0 / (NLOCAL * THREADS);
        pos[i] = p;
        vel[i].vx = vel[i].vy = vel[i].vz = 0.0;
    }
}

int main(void)
{
    const int n = NLOCAL * THREADS;
    pos_t *all = malloc(sizeof(pos_t) * (size_t)n);
    shared void *allpos;
    shared [] pos_t *mine;
    int step, i, j;

    if (all == NULL)
        upc_global_exit(2);
    /* THREADS blocks of n bodies; block t has affinity to thread t */
    allpos = upc_all_alloc(THREADS, n * sizeof(pos_t));
    /* a cyclic char pointer moves one thread per increment, at the same address */
    mine = (shared [] pos_t *)((shared char *)allpos + MYTHREAD);
    init_bodies();
    upc_barrier;

    for (step = 0; step < STEPS; step++) {
        upc_all_gather_all(allpos, pos, NLOCAL * sizeof(pos_t),
                           UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        upc_memget(all, mine, n * sizeof(pos_t));
        for (i = MYTHREAD * NLOCAL; i < (MYTHREAD + 1) * NLOCAL; i++) {
            double ax = 0, ay = 0, az = 0;
            for (j = 0; j < n; j++) {
                double dx = all[j].x - all[i].x;
                double dy = all[j].y - all[i].y;
                double dz = all[j].z - all[i].z;
                double r2 = dx * dx + dy * dy + dz * dz + SOFT;
                double inv = all[j].m / (r2 * sqrt(r2));
                ax += dx * inv;
                ay += dy * inv;
                az += dz * inv;
            }
            vel[i].vx += DT * ax;
            vel[i].vy += DT * ay;
            vel[i].vz += DT * az;
        }
        upc_barrier;
        upc_forall (i = 0; i < n; i++; &pos[i]) {
            pos[i].x += DT * vel[i].vx;
            pos[i].y += DT * vel[i].vy;
            pos[i].z += DT * vel[i].vz;
        }
        upc_barrier;
    }

    {
        double e = 0.0;
        for (i = MYTHREAD * NLOCAL; i < (MYTHREAD + 1) * NLOCAL; i++)
            e += 0.5 * pos[i].m *
                 (vel[i].vx * vel[i].vx + vel[i].vy * vel[i].vy + vel[i].vz * vel[i].vz);
        energy[MYTHREAD] = e;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        double e = 0.0;
        for (i = 0; i < THREADS; i++)
            e += energy[i];
        printf("kinetic energy after %d steps: %.9e\n", STEPS, e);
    }
    free(all);
    upc_all_free(allpos);
    return 0;
}
