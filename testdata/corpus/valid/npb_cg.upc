/*
 * NPB CG fragment: conjugate gradient on a 1-D Laplacian stored by rows.
 * Vectors are shared with one block of NLOC entries per thread; dot products
 * use upc_all_reduceD, and the matrix-vector product fetches the two halo
 * entries of p from the neighbours.
 */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>
#include <math.h>

#define NLOC 256
#define NITER 25

shared [NLOC] double p[NLOC * THREADS];
shared [NLOC] double q[NLOC * THREADS];
shared [NLOC] double r[NLOC * THREADS];
shared [NLOC] double z[NLOC * THREADS];
shared double dot_part[THREADS];
shared double dot_result;

static double dot(shared [NLOC] double *a, shared [NLOC] double *b)
{
    const double *la = (const double *)(a + MYTHREAD * NLOC);
    const double *lb = (const double *)(b + MYTHREAD * NLOC);
    double s = 0.0;
    int i;
    for (i = 0; i < NLOC; i++)
        s += la[i] * lb[i];
    dot_part[MYTHREAD] = s;
    upc_all_reduceD(&dot_result, dot_part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return dot_result;
}

/* q = A p with A = tridiag(-1, 2, -1) */
static void matvec(void)
{
    const int n = NLOC * THREADS;
    const int lo = MYTHREAD * NLOC;
    double *lp = (double *)&p[lo];
    double *lq = (double *)&q[lo];
    double left = lo > 0 ? p[lo - 1] : 0.0;
    double right = lo + NLOC < n ? p[lo + NLOC] : 0.0;
    int i;

    for (i = 0; i < NLOC; i++) {
        double pl = i > 0 ? lp[i - 1] : left;
        double pr = i < NLOC - 1 ? lp[i + 1] : right;
        lq[i] = 2.0 * lp[i] - pl - pr;
    }
}

int main(void)
{
    double rho, rho0, alpha, beta, pq;
    int it, i;
    double *lz = (double *)&z[MYTHREAD * NLOC];
    double *lr = (double *)&r[MYTHREAD * NLOC];
    double *lp = (double *)&p[MYTHREAD * NLOC];
    double *lq = (double *)&q[MYTHREAD * NLOC];

    for (i = 0; i < NLOC; i++) {
        lz[i] = 0.0;
        lr[i] = 1.0;
        lp[i] = lr[i];
    }
    upc_barrier;
    rho = dot(r, r);

    for (it = 1; it <= NITER; it++) {
        upc_barrier;            /* p complete everywhere before the halo reads */
        matvec();
        pq = dot(p, q);
        alpha = rho / pq;
        for (i = 0; i < NLOC; i++) {
            lz[i] += alpha * lp[i];
            lr[i] -= alpha * lq[i];
        }
        rho0 = rho;
        rho = dot(r, r);
        beta = rho / rho0;
        upc_barrier;            /* everybody finished reading old p */
        for (i = 0; i < NLOC; i++)
            lp[i] = lr[i] + beta * lp[i];
        if (MYTHREAD == 0)
            printf("   %5d       %20.14e\n", it, sqrt(rho));
    }
    return 0;
}
