/* Self-checking test of collective control patterns that every thread
 * executes identically: barriers in loops over THREADS, under conditions
 * on THREADS, after a reduction whose result all threads see, inside
 * helpers called by all threads, and convergence loops driven by a
 * collective reduction. */

#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#define N 16
#define MAXIT 50
#define TOL 1.0e-6

shared double x[N * THREADS];
shared double part[THREADS];
shared double norm;
shared int token[THREADS];
shared int flag_all;
shared int fails[THREADS];

static int failures;

#define EXPECT(c) do { if (!(c)) { failures++; printf("thread %d: check failed: %s at line %d\n", MYTHREAD, #c, __LINE__); } } while (0)

/* called by every thread: a collective helper */
static double global_sum(double mine)
{
    part[MYTHREAD] = mine;
    upc_all_reduceD(&norm, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return norm;
}

static void sync_phase(int phase)
{
    upc_notify phase;
    upc_wait phase;
}

/* pass a token around the ring, one hop per phase */
static void ring(void)
{
    int i;
    if (MYTHREAD == 0)
        token[0] = 1;
    for (i = 0; i < THREADS; i++) {
        upc_barrier;
        if (MYTHREAD == (i + 1) % THREADS && token[i] == 1)
            token[MYTHREAD] = 1;
    }
    upc_barrier;
    EXPECT(token[MYTHREAD] == 1);
}

static void maybe_parallel(void)
{
    if (THREADS > 1) {
        x[MYTHREAD] = MYTHREAD;
        upc_barrier;
        EXPECT(x[(MYTHREAD + 1) % THREADS] == (MYTHREAD + 1) % THREADS);
    }
    upc_barrier;
}

static void converge(void)
{
    int it, i;
    double res = 1.0, local;
    for (i = MYTHREAD * N; i < (MYTHREAD + 1) * N; i++)
        x[i] = 1.0;
    upc_barrier;
    for (it = 0; it < MAXIT && res > TOL; it++) {
        local = 0.0;
        upc_forall (i = 0; i < N * THREADS; i++; &x[i]) {
            x[i] *= 0.5;
            local += x[i] * x[i];
        }
        res = sqrt(global_sum(local));
        upc_barrier;
    }
    EXPECT(res <= TOL || it == MAXIT);
}

static void reduce_then_branch(void)
{
    double s = global_sum(1.0);
    if (s == (double)THREADS) {
        upc_barrier;
    } else {
        failures++;
        upc_barrier;
    }
    if (norm > 0.0)
        sync_phase(7);
}

static void steps(int nsteps)
{
    int s;
    for (s = 0; s < nsteps; s++)
        sync_phase(s);
}

int main(void)
{
    int i, total = 0;
    ring();
    maybe_parallel();
    converge();
    reduce_then_branch();
    steps(THREADS);
    steps(3 * THREADS + 1);
    fails[MYTHREAD] = failures;
    upc_barrier;
    if (!MYTHREAD) {
        for (i = 0; i < THREADS; i++)
            total += fails[i];
        printf("coll_patterns: %s\n", total ? "failed" : "passed");
    }
    return 0;
}
