// finegrain: loops the rule must not report.
#include <upc_relaxed.h>
#include <upc.h>

#define N 256
#define RB 4

shared [] double vec[N];
shared double A[N * THREADS], B[N * THREADS], C[N * THREADS];
shared [N] double mat[N * THREADS][N];
shared [RB * N] float BIN[N * THREADS][N], BOUT[N * THREADS][N];
shared [8] int cb[N * THREADS], db[N * THREADS];
int idx[N];
shared long partial[THREADS];
shared [] double ind[N];

void owner_computes(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &A[i])
        A[i] = B[i] + C[i];
}

void int_affinity(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; i)
        C[i] = A[i] * 2.0;
}

void strided_owner(void)
{
    int i;
    for (i = MYTHREAD; i < N; i += THREADS)
        A[i] = B[i] + C[i];
}

void strided_rows(void)
{
    int i, j;
    for (i = MYTHREAD; i < N; i += THREADS)
        for (j = 0; j < N; j++)
            mat[i][j] = 0.0;
}

void blocked_forall(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &cb[i])
        cb[i] = db[i] + 1;
}

void blocked_rows_inner(void)
{
    int i, j;
    upc_forall (i = 1; i < N - 1; i++; &BOUT[i][0])
        for (j = 1; j < N - 1; j++)
            BOUT[i][j] = BIN[i][j - 1] + BIN[i][j + 1];
}

void private_data(double *p, int n)
{
    int j;
    double buf[N];
    for (j = 0; j < n; j++)
        buf[j] = p[j];
}

void coalesced_already(void)
{
    int j;
    double lvec[N], s = 0.0;
    for (j = 0; j < 1; j++) {
        upc_memget(lvec, vec, sizeof(lvec));
        s += vec[j];
    }
}

void random_index(void)
{
    int i;
    double s = 0.0;
    for (i = 0; i < N; i++)
        s += A[idx[i]];
}

void quadratic_index(void)
{
    int i;
    double s = 0.0;
    for (i = 0; i < 16; i++)
        s += A[i * i];
}

void own_partial(void)
{
    int k;
    for (k = 0; k < 10; k++)
        partial[MYTHREAD] += k;
}

void own_block(void)
{
    int k;
    for (k = 0; k < 8; k++)
        cb[MYTHREAD * 8 + k] = k;
}

void indefinite_affinity(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &ind[i])
        ind[i] = 2.0 * ind[i] + 1.0;
}

void outside_loop(void)
{
    A[0] = B[1] + vec[3];
}

void invariant_index(int t)
{
    int k;
    double s = 0.0;
    for (k = 0; k < 10; k++)
        s += vec[t] * k;
}

double row_of_parameter(int i)
{
    int j;
    double s = 0.0;
    for (j = 0; j < N; j++)
        s += mat[i][j];
    return s;
}

void local_pointer_cast(void)
{
    int k;
    double *mine = (double *)&A[MYTHREAD];
    for (k = 0; k < N; k++)
        mine[k] = 0.0;
}

void blocked_pointer(shared [8] int *p)
{
    int k;
    for (k = 0; k < 8; k++)
        p[k] = 0;
}

void strided_with_offset_threads(void)
{
    int i;
    for (i = MYTHREAD; i < N - 2; i += THREADS)
        A[i + THREADS] = B[i];
}

void downward_owner(void)
{
    int i;
    upc_forall (i = N - 1; i >= 0; i--; &B[i])
        B[i] = -B[i];
}

/* A while loop striding from MYTHREAD by THREADS stays on this thread. */
void while_own_stride(void)
{
    int i = MYTHREAD;
    while (i < N * THREADS) {
        A[i] = 0.0;
        i += THREADS;
    }
}

/* Only the owner runs the loop or the access. */
void owner_fills_indefinite(void)
{
    int j;
    if (MYTHREAD == 0) {
        for (j = 0; j < N; j++)
            ind[j] = j;
    }
}

void own_element_of_cyclic(void)
{
    int i;
    for (i = 0; i < N * THREADS; i++)
        if (i == MYTHREAD)
            A[i] = 1.0;
}

void threadof_guard(void)
{
    int i;
    for (i = 0; i < N * THREADS; i++) {
        if (upc_threadof(&cb[i]) != MYTHREAD)
            continue;
        cb[i] = i;
    }
}

/* one element on each thread (err[THREADS], runtimes[THREADS]): a bulk copy
   per owner would still be one message per element; the loops are
   hand-written collectives, left to collidiom and allreduce */
shared int errs[THREADS];
shared double runtimes[THREADS];
shared [] double *shared slabs[THREADS];

int sum_errors(void)
{
    int t, e = 0;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            e += errs[t];
    return e;
}

double slowest(void)
{
    int t;
    double m = 0;
    for (t = 0; t < THREADS; t++)
        if (runtimes[t] > m)
            m = runtimes[t];
    return m;
}

void cache_slabs(shared [] double **local)
{
    int t;
    for (t = 0; t < THREADS; t++)
        local[t] = slabs[t];
}

/* the array member of this thread's element of a cyclic array of
   structures is local */
struct hist { double bins[N]; };
shared struct hist hists[THREADS];
void clear_my_hist(void)
{
    int i;
    for (i = 0; i < N; i++)
        hists[MYTHREAD].bins[i] = 0.0;
}

/* a block this thread allocated with upc_alloc has affinity to it */
double fill_own_block(void)
{
    int j;
    double s = 0;
    shared [] double *mine;
    mine = (shared [] double *)upc_alloc(N * sizeof(double));
    for (j = 0; j < N; j++)
        mine[j] = j;
    for (j = 0; j < N; j++)
        s += mine[j];
    return s;
}

/* the maximum of the other threads' times, from 1: still one element on
   each thread */
shared double times[THREADS];
double max_time(void)
{
    int t;
    double m = times[0];
    for (t = 1; t < THREADS; t++)
        if (times[t] > m)
            m = times[t];
    return m;
}

/* the pointer is pointed elsewhere only after the loop over its own block */
shared [] double *shared blocks[THREADS];
double own_block_first(void)
{
    int j;
    double s = 0;
    shared [] double *cur;
    cur = (shared [] double *)upc_alloc(N * sizeof(double));
    for (j = 0; j < N; j++)
        cur[j] = j;
    blocks[MYTHREAD] = cur;
    upc_barrier;
    cur = blocks[(MYTHREAD + 1) % THREADS];
    s = cur[0];
    return s;
}

/* the pointer walks elsewhere with ++ only after the loop over its block */
shared [] double *shared others_blk;
void own_then_walk(void)
{
    int j;
    shared [] double *p;
    p = (shared [] double *)upc_alloc(N * sizeof(double));
    for (j = 0; j < N; j++)
        p[j] = 0;
    p = others_blk;
    for (j = 0; j < 4; j++)
        *(p++) = 1;
}

/* taking the address of a member reads nothing of the element */
struct tvec { double t[5]; };
shared struct tvec tv[4 * THREADS];
shared [] double *firsts_p[4 * 64];
void collect_firsts(void)
{
    int d;
    for (d = 0; d < 4 * THREADS; d++)
        firsts_p[d] = (shared [] double *)&tv[d].t[0];
}

/* a cyclic array of THREADS elements read up to a count that only equals
   THREADS at run time: still one element per thread */
shared double rates[THREADS];
double slowest_rate(int npes)
{
    int p;
    double m = rates[0];
    for (p = 1; p < npes; p++)
        if (rates[p] > m)
            m = rates[p];
    return m;
}

/* a block chosen through a copy of MYTHREAD is the thread's own; one
   chosen from a parameter is usually the caller's own row */
#define RLEN 64
shared [RLEN] int ring[RLEN * THREADS];
void own_block(int *buf)
{
    int j;
    int me = MYTHREAD;
    for (j = 0; j < RLEN; j++)
        ring[me * RLEN + j] = buf[j];
}
void row_param(int *buf, int r)
{
    int j;
    for (j = 0; j < RLEN; j++)
        ring[r * RLEN + j] = buf[j];
}
/* the forall fix of an indefinite array's loop: the loop runs on the thread
   that owns every element, so each access is local */
void owner_of_indefinite(void)
{
    int i;
    if (upc_threadof(&ind[0]) == MYTHREAD) for (i = 0; i < N; i++)
        ind[i] = 2 * ind[i] + 1;
    if (upc_threadof(ind) == MYTHREAD)
        for (i = 0; i < N; i++)
            ind[i] += 1;
}

/* Another array blocked by as many whole rows as the affinity's (one row
   per block each, rows of different lengths, as in a matrix product
   C = A * B with A N x P and C N x M): the thread owning a_rows[i][0] owns
   c_rows[i][j] too. */
shared [N / 2] double a_rows[N * THREADS][N / 2];
shared [N] double c_rows[N * THREADS][N];

void product_rows(double *bl)
{
    int i, j, l;
    upc_forall (i = 0; i < N * THREADS; i++; &a_rows[i][0]) {
        for (j = 0; j < N; j++) {
            double sum = 0;
            for (l = 0; l < N / 2; l++)
                sum += a_rows[i][l] * bl[l];
            c_rows[i][j] += sum;
        }
    }
}
