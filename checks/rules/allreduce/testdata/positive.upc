// Shared scalars read by every thread: hidden broadcasts from one owner.

#include <upc_relaxed.h>
#include <upc_collective.h>

shared long lsrc[THREADS];
shared long lsum;
shared double dsrc[THREADS];
shared double dsum;
shared int isrc[THREADS];
shared int imax;
shared [] int params[16];
typedef struct { int n; double tol; } config_t;
shared config_t cfgs;
shared double grid[64 * THREADS];

/* 1: Figure 10 of the IBM xlUPC evaluation of UPC collectives on Power7-IH: the reduction result returned on every thread */
long accum_long(long v)
{
    lsrc[MYTHREAD] = v;
    upc_all_reduceL(&lsum, lsrc, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return lsum; // want "every thread reads the result of upc_all_reduceL \\(shared lsum\\) and returns it.*upc_all_broadcast"
}

/* 2: Figure 11 of the IBM xlUPC evaluation of UPC collectives on Power7-IH: copied into a private variable */
double accum_double(double v)
{
    double r;
    dsrc[MYTHREAD] = v;
    upc_all_reduceD(&dsum, dsrc, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    r = dsum; // want "copies it into private r"
    return r;
}

/* 3: an initializer */
int max_int(int v)
{
    isrc[MYTHREAD] = v;
    upc_all_reduceI(&imax, isrc, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    int m = imax; // want "every thread reads the result of upc_all_reduceI"
    return m;
}

/* 4: thread 0 publishes, everybody reads after the barrier */
long publish(long v)
{
    long t;
    if (MYTHREAD == 0)
        lsum = v;
    upc_barrier;
    t = lsum; // want "every thread reads shared lsum"
    return t;
}

/* 5: a cast around the read */
int as_int(void)
{
    return (int)dsum; // want "shared dsum and returns it"
}

/* 6: one element of a shared array at a constant index */
int first_param(void)
{
    int p = params[0]; // want "shared params\\[0\\]"
    return p;
}

/* 7: a member of a shared struct */
int problem_size(void)
{
    int n;
    n = cfgs.n; // want "shared cfgs.n"
    return n;
}

/* 8: in a loop every thread runs, reported once */
double iterate(int steps)
{
    int s;
    double acc = 0, t;
    for (s = 0; s < steps; s++) {
        t = dsum; // want "every thread reads shared dsum"
        acc += t;
    }
    return acc;
}

/* 9: a single-valued index parameter */
double elem(int k)
{
    double x = grid[k]; // want "shared grid\\[k\\]"
    return x;
}

/* 10: the index THREADS - 1: one owner */
double last(void)
{
    double x;
    x = grid[THREADS - 1]; // want "shared grid\\[THREADS - 1\\]"
    return x;
}

/* 11: a tolerance read in a convergence loop */
int converge(void)
{
    int it = 0;
    double tol, acc_tol = 0;
    do {
        tol = cfgs.tol; // want "shared cfgs.tol"
        it++;
        acc_tol += tol;
    } while (it < 10);
    return it;
}

/* 16: a loop bound published by thread 0 and copied by every thread */
shared int nsteps;
long run_steps(void)
{
    long s = 0;
    int i, n;
    if (MYTHREAD == 0)
        nsteps = 10;
    upc_barrier;
    n = nsteps; // want "every thread reads shared nsteps and copies it into private n"
    for (i = 0; i < n; i++)
        s += i;
    return s;
}

/* 17: a member of a shared configuration struct */
double tolerance(void)
{
    double t;
    upc_barrier;
    t = cfgs.tol; // want "every thread reads shared cfgs.tol and copies it into private t"
    return t;
}

/* 18: the published value returned directly */
int steps_again(void)
{
    upc_barrier;
    return nsteps; // want "every thread reads shared nsteps and returns it"
}

/* 19: a declaration in a nested block */
long nested_copy(void)
{
    long r = 0;
    upc_barrier;
    {
        long copy = lsum; // want "every thread reads shared lsum"
        r += copy;
    }
    return r;
}

int choose(int v);

/* 12: main reads a reduction result on every thread */
double mean(double mine);
long twice_sum(void);

int main(void)
{
    long total;
    double d;
    int k;
    total = accum_long(MYTHREAD);
    d = accum_double(1.0);
    k = max_int(MYTHREAD);
    total += publish(3);
    k += as_int() + first_param() + problem_size() + converge();
    d += iterate(4) + elem(5) + last() + tolerance();
    total += run_steps() + steps_again() + nested_copy();
    k += choose(7);
    d += mean(d) + twice_sum();
    lsrc[MYTHREAD] = total;
    upc_all_reduceL(&lsum, lsrc, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    total = lsum; // want "the result of upc_all_reduceL"
    /* 13: a parenthesized read */
    d = (dsum); // want "shared dsum"
    /* 14: the reduced maximum, again */
    k = imax; // want "shared imax"
    /* 15: a second parameter element */
    k += 0;
    {
        int q = params[3]; // want "shared params\\[3\\]"
        k += q;
    }
    return (int)(total + d + k) & 0;
}

/* only thread 0 stores the value every thread then reads: still a hidden
   broadcast, although the store is a plain assignment */
shared int chosen;
int choose(int v)
{
    int c;
    if (MYTHREAD == 0)
        chosen = v;
    upc_barrier;
    c = chosen; // want "every thread reads shared chosen"
    return c;
}

/* the read is part of the value each thread computes: a hand-written
   reduction on thread 0, then every thread divides the total */
shared double part[THREADS];
shared double total_sum;
double mean(double mine)
{
    double m;
    int t;
    part[MYTHREAD] = mine;
    upc_barrier;
    if (MYTHREAD == 0) {
        double s = 0;
        for (t = 0; t < THREADS; t++)
            s += part[t];
        total_sum = s;
    }
    upc_barrier;
    m = total_sum / 1000.0; // want "every thread reads shared total_sum and computes private m from it"
    return m;
}

long twice_sum(void)
{
    return 2 * lsum + 1; // want "every thread reads shared lsum and returns a value computed from it"
}
