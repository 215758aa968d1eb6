// finegrain: loops that access possibly remote shared data element by element.
#include <upc_relaxed.h>
#include <upc.h>
#include <math.h>
#include <stdlib.h>

#define N 256
#define RB 4

typedef struct { double x, y, z, w; } rec_t;

shared [] double vec[N];
shared double cvec[N * THREADS];
shared double A[N * THREADS], B[N * THREADS], C[N * THREADS];
shared float IN[N * THREADS][N], OUT[N * THREADS][N];
shared [RB * N] float BIN[N * THREADS][N], BOUT[N * THREADS][N];
shared [N] double blk[N * THREADS];
shared rec_t Table[N * THREADS];
shared long pairs[2 * THREADS];
shared int hist[THREADS][16];
upc_lock_t *lock;
typedef struct { int n; double items[N]; } box_t;
shared box_t boxes[THREADS];
strict shared int sflags[THREADS];

double indefinite_read(void)
{
    int j;
    double s = 0.0;
    for (j = 0; j < N; j++)
        s += vec[j]; // want "fine-grained remote reads of vec\\[j\\] in this loop: about 256 remote reads per thread per execution \\(on every thread but the owner of vec\\); coalesce with upc_memget"
    return s;
}

double cyclic_sweep(void)
{
    int j;
    double s = 0.0;
    for (j = 0; j < N; j++)
        s += cvec[j]; // want "remote reads of cvec\\[j\\].*about 256\\*\\(THREADS-1\\)/THREADS remote reads"
    return s;
}

void neighbour(void)
{
    int i;
    for (i = MYTHREAD; i < N - 1; i += THREADS)
        A[i] = B[i + 1] * C[i + 1]; // want "remote reads of B\\[i \\+ 1\\].*about 255/THREADS" "remote reads of C\\[i \\+ 1\\]"
}

void stencil_cyclic(void)
{
    int i, j;
    upc_forall (i = 1; i < N - 1; i++; &OUT[i]) {
        for (j = 1; j < N - 1; j++)
            OUT[i][j] = 0.25f * (IN[i - 1][j] + IN[i + 1][j] + IN[i][j - 1] + IN[i][j + 1]); // want "remote writes of OUT\\[i\\]\\[j\\].*upc_memput" "remote reads of IN\\[i - 1\\]\\[j\\] and 3 other accesses"
    }
}

void stencil_blocked(void)
{
    int i, j;
    upc_forall (i = 1; i < N - 1; i++; &BOUT[i][0]) {
        for (j = 1; j < N - 1; j++)
            BOUT[i][j] = 0.25f * (BIN[i - 1][j] + BIN[i + 1][j] + BIN[i][j - 1] + BIN[i][j + 1]); // want "remote reads of BIN\\[i - 1\\]\\[j\\] and BIN\\[i \\+ 1\\]\\[j\\]"
    }
}

double struct_fields(void)
{
    int i;
    double r = 0.0;
    for (i = MYTHREAD; i < N - 1; i += THREADS)
        r += Table[i + 1].x + Table[i + 1].y + Table[i + 1].z; // want "remote reads of Table\\[i \\+ 1\\]"
    return r;
}

void write_remote_block(int t)
{
    int k;
    for (k = 0; k < N; k++)
        blk[(MYTHREAD + 1) * N + k] = k; // want "remote writes of blk.*about 256 remote writes"
}

/* two elements on each thread: a bulk copy per owner halves the messages */
long gather_pairs(void)
{
    int t;
    long s = 0;
    for (t = 0; t < 2 * THREADS; t++)
        s += pairs[t]; // want "remote reads of pairs\\[t\\].*about 2\\*THREADS\\*\\(THREADS-1\\)/THREADS remote reads"
    return s;
}

void under_lock(void)
{
    int j;
    double s = 0.0;
    for (j = 0; j < N; j++) {
        upc_lock(lock);
        s += vec[j]; // want "remote reads of vec\\[j\\].*\\(not coalescible here: the loop body calls upc_lock\\)"
        upc_unlock(lock);
    }
}

void with_barrier(void)
{
    int j;
    for (j = 0; j < N; j++) {
        A[j] = cvec[j]; // want "remote reads of cvec\\[j\\].*not coalescible here: the loop body contains upc_barrier" "remote writes of A\\[j\\].*not coalescible here: the loop body contains upc_barrier"
        upc_barrier;
    }
}

extern void log_value(double);

void unknown_call(void)
{
    int j;
    for (j = 0; j < N; j++)
        log_value(vec[j]); // want "not coalescible here: the loop body calls log_value"
}

void aliasing_write(shared double *p)
{
    int j;
    for (j = 0; j < N; j++)
        p[j] = vec[j] * 2.0; // want "remote reads of vec\\[j\\].*not coalescible here: a write through p may alias vec" "remote writes of p\\[j\\]"
}

double pointer_indefinite(shared [] double *r, int lo, int hi)
{
    int i;
    double s = 0.0;
    for (i = lo; i < hi; i++)
        s += r[i]; // want "remote reads of r\\[i\\].*about hi - lo remote reads"
    return s;
}

double nest_whole(void)
{
    int i, j;
    double s = 0.0;
    for (i = 0; i < 8; i++)
        for (j = 0; j < N; j++)
            s += vec[j] * i; // want "about 2048 remote reads"
    return s;
}

double fish_like(void)
{
    int i, j;
    double f = 0.0;
    upc_forall (i = 0; i < N; i++; &A[i]) {
        double xi = A[i];
        for (j = 0; j < N; j++)
            f += sqrt(fabs(A[j] - xi)); // want "remote reads of A\\[j\\]"
    }
    return f;
}

void histogram_gather(int *out)
{
    int t, b;
    for (t = 0; t < THREADS; t++)
        for (b = 0; b < 16; b++)
            out[t * 16 + b] = hist[t][b]; // want "remote reads of hist\\[t\\]\\[b\\]"
}

void member_array(int v, double *loot, int take)
{
    int k;
    for (k = 0; k < take; k++)
        loot[k] = boxes[v].items[k]; // want "remote reads of boxes\\[v\\].items\\[k\\].*about take remote reads"
}

void strict_reads(void)
{
    int j;
    double s = 0.0;
    for (j = 0; j < N; j++)
        s += vec[j] * sflags[0]; // want "not coalescible here: the loop body makes a strict access"
}

void decreasing(void)
{
    int j;
    double s = 0.0;
    for (j = N - 1; j >= 0; j--)
        s += vec[j]; // want "remote reads of vec\\[j\\]"
}

/* While and do-while loops counting from a value assigned just before them. */
double while_walk(int n)
{
    int k = 0;
    double s = 0.0;
    while (k < n) {
        s += vec[k]; // want "fine-grained remote reads of vec\\[k\\]"
        k++;
    }
    return s;
}

double dowhile_walk(void)
{
    shared [] double *p = vec;
    double s = 0.0;
    int k;
    k = 0;
    do {
        s += p[k]; // want "fine-grained remote reads of p\\[k\\]"
        k++;
    } while (k < N);
    return s;
}

/* A test of another thread, or of another element, does not make it local. */
void other_thread_fills(void)
{
    int j;
    if (MYTHREAD == 1)
        for (j = 0; j < N; j++)
            vec[j] = j; // want "fine-grained remote writes of vec\\[j\\]"
}

void other_element(void)
{
    int i;
    for (i = 0; i < N * THREADS - 1; i++)
        if (i == MYTHREAD)
            A[i + 1] = 1.0; // want "fine-grained remote writes of A\\[i \\+ 1\\]"
}

/* a random draw in the loop touches no shared data: the reads are still
   coalescible */
long sample_sum(void)
{
    int k;
    long s = 0;
    for (k = 0; k < N; k++)
        if (rand() % 2)
            s += cvec[k]; // want "remote reads of cvec\\[k\\] in this loop: .*; coalesce with upc_memget"
    return s;
}

/* element MYTHREAD of a blocked array of structures is on thread
   MYTHREAD/2, not on this thread */
struct pairhist { double bins[N]; };
shared [2] struct pairhist phists[2 * THREADS];
void clear_pair_hist(void)
{
    int i;
    for (i = 0; i < N; i++)
        phists[MYTHREAD].bins[i] = 0.0; // want "remote writes of phists\\[MYTHREAD\\].bins\\[i\\]"
}

/* a pointer that may also point elsewhere */
double fill_some_block(shared [] double *other, int which)
{
    int j;
    double s = 0;
    shared [] double *blk;
    blk = (shared [] double *)upc_alloc(N * sizeof(double));
    if (which)
        blk = other;
    for (j = 0; j < N; j++)
        s += blk[j]; // want "remote reads of blk\\[j\\]"
    return s;
}

/* a ring shift: each thread writes its buffer into the next thread's
   block; the block's owner is computed from MYTHREAD */
#define RLEN 64
shared [RLEN] int ring[RLEN * THREADS];
shared [2 * RLEN] int ring2[2 * RLEN * THREADS];
void ring_shift(int *buf)
{
    int j;
    int peer = (MYTHREAD + 1) % THREADS;
    for (j = 0; j < RLEN; j++)
        ring[peer * RLEN + j] = buf[j]; // want "remote writes of ring\\[peer \\* 64 \\+ j\\] in this loop: about 64 remote writes per thread per execution \\(one block of ring, on a thread computed from MYTHREAD\\); write into a private buffer and coalesce with upc_memput after the loop$"
    for (j = 0; j < RLEN; j++)
        ring2[peer * 2 * RLEN + RLEN + j] = buf[j]; // want "remote writes of ring2\\[.*about 64 remote writes.*one block of ring2"
}
