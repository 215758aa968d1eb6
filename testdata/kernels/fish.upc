// fish.upc - gravitational "fish" n-body step (seed 000, sections 6.4 and 7.2,
// Figures 9(b) and 11).
//
// The seed's gravitational fish benchmark moves fish under their mutual
// gravity: one loop computes the acceleration of each fish from all others,
// one moves them. The acceleration loop is a upc_forall over the fish with
// affinity &fish[i], whose inner loop reads the position fields of every
// fish element by element - all threads stream through all of the array,
// starting at thread 0's data. Static coalescing of the two fields read from
// fish[j] plus aggregation gave 9x-26x over the baseline, still 8%-32% of
// the hand-optimised version that gathers the positions with a collective.
//
// Under dynamic THREADS a distributed array must mention THREADS in one
// dimension (UPC 1.3 6.5.2.1): the arrays have room for NFISH*THREADS fish
// and the kernel uses the first NFISH. Each fish is updated by the same
// sequence of floating-point operations whichever thread owns it, so the
// result (positions rounded to 1e-3 and summed as integers) does not depend
// on THREADS.
//
// Run: upcc -o fish fish.upc -lm && upcrun -n 4 ./fish
//      gupc -o fish fish.upc -lm && ./fish -n 4
// Prints "fish: checksum=<sum> OK" from thread 0.
//
// expect: finegrain
// expect: forall

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#ifndef NFISH
#define NFISH 256
#endif
#ifndef STEPS
#define STEPS 3
#endif
#define DT 0.01
#define SOFT 0.5
#define MASS 1.0

typedef struct {
    double x, y;     /* position */
    double vx, vy;   /* velocity */
} fish_t;

typedef struct {
    double ax, ay;
} accel_t;

shared fish_t fish[NFISH * THREADS];
shared accel_t acc[NFISH * THREADS];

shared long part[THREADS];
shared long total;

static void initial(int i, fish_t *f)
{
    f->x = (double)(i % 16) * 1.5;
    f->y = (double)(i / 16) * 1.25 + (double)(i % 3) * 0.1;
    f->vx = 0.0;
    f->vy = 0.0;
}

/* Sum of v over all threads; the result is valid on thread 0. */
static long sum_all(long v)
{
    long r = 0;
    part[MYTHREAD] = v;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        r = total;
    return r;
}

void compute_acceleration(void)
{
    int i, j;
    upc_forall (i = 0; i < NFISH; i++; &fish[i]) { // want "affinity"
        double xi = fish[i].x, yi = fish[i].y, ax = 0.0, ay = 0.0;
        for (j = 0; j < NFISH; j++) {
            double dx = fish[j].x - xi; // want "remote"
            double dy = fish[j].y - yi;
            double r2 = dx * dx + dy * dy + SOFT;
            double inv = MASS / (r2 * sqrt(r2));
            ax += dx * inv;
            ay += dy * inv;
        }
        acc[i].ax = ax;
        acc[i].ay = ay;
    }
}

void move_fish(void)
{
    int i;
    upc_forall (i = 0; i < NFISH; i++; &fish[i]) { // want "affinity"
        fish[i].vx += DT * acc[i].ax;
        fish[i].vy += DT * acc[i].ay;
        fish[i].x += DT * fish[i].vx;
        fish[i].y += DT * fish[i].vy;
    }
}

int main(void)
{
    int i, j, k, s;
    int mine = (NFISH - MYTHREAD + THREADS - 1) / THREADS;
    fish_t *fl = (fish_t *)&fish[MYTHREAD];
    fish_t *ref = malloc(sizeof(fish_t) * NFISH);
    accel_t *ra = malloc(sizeof(accel_t) * NFISH);
    long sum = 0, bad = 0, refsum = 0;

    for (k = 0; k < mine; k++)
        initial(MYTHREAD + k * THREADS, &fl[k]);
    upc_barrier;
    for (s = 0; s < STEPS; s++) {
        compute_acceleration();
        upc_barrier;
        move_fish();
        upc_barrier;
    }

    /* sequential recomputation, same operations in the same order */
    for (i = 0; i < NFISH; i++)
        initial(i, &ref[i]);
    for (s = 0; s < STEPS; s++) {
        for (i = 0; i < NFISH; i++) {
            double ax = 0.0, ay = 0.0;
            for (j = 0; j < NFISH; j++) {
                double dx = ref[j].x - ref[i].x, dy = ref[j].y - ref[i].y;
                double r2 = dx * dx + dy * dy + SOFT;
                double inv = MASS / (r2 * sqrt(r2));
                ax += dx * inv;
                ay += dy * inv;
            }
            ra[i].ax = ax;
            ra[i].ay = ay;
        }
        for (i = 0; i < NFISH; i++) {
            ref[i].vx += DT * ra[i].ax;
            ref[i].vy += DT * ra[i].ay;
            ref[i].x += DT * ref[i].vx;
            ref[i].y += DT * ref[i].vy;
        }
    }
    for (k = 0; k < mine; k++) {
        const fish_t *w = &ref[MYTHREAD + k * THREADS];
        sum += lround(fl[k].x * 1000.0) + lround(fl[k].y * 1000.0);
        bad += fabs(fl[k].x - w->x) > 1e-9 * (1.0 + fabs(w->x))
               || fabs(fl[k].y - w->y) > 1e-9 * (1.0 + fabs(w->y));
    }
    for (i = 0; i < NFISH; i++)
        refsum += lround(ref[i].x * 1000.0) + lround(ref[i].y * 1000.0);
    sum = sum_all(sum);
    bad = sum_all(bad);
    if (MYTHREAD == 0) {
        int ok = bad == 0 && labs(sum - refsum) <= 2;
        printf("fish: checksum=%ld %s\n", sum, ok ? "OK" : "FAILED");
        if (!ok)
            return 1;
    }
    free(ref);
    free(ra);
    return 0;
}
