// Hand-written collectives over THREADS.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdlib.h>

#define NE 16

shared long lpart[THREADS];
shared int ipart[THREADS];
shared double dpart[THREADS];
shared float fpart[THREADS];
shared unsigned long ulpart[THREADS];
shared unsigned int uipart[THREADS];
shared long x[THREADS];
shared double dx[THREADS];
shared [NE] long blk[NE * THREADS];
shared long total;
typedef struct { double v; int n; } rec_t;
shared rec_t recs[THREADS];

void p1(void)
{
    long s = 0;
    int t;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++) // want "hand-written reduction over THREADS: thread 0 reads lpart\\[t\\] from every thread; use upc_all_reduceL\\(..., UPC_ADD, ...\\)"
            s += lpart[t];
        total = s;
    }
}

void p2(void)
{
    double s = 0;
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "upc_all_reduceD\\(..., UPC_ADD"
            s += dpart[t];
    dx[0] = s;
}

void p3(void)
{
    int m = 1, t;
    if (!MYTHREAD)
        for (t = 0; t < THREADS; t++) // want "upc_all_reduceI\\(..., UPC_MULT"
            m *= ipart[t];
    ipart[0] = m;
}

void p4(void)
{
    unsigned long bits = 0;
    int t;
    if (MYTHREAD == THREADS - 1)
        for (t = 0; t < THREADS; t++) // want "one thread reads ulpart\\[t\\].*upc_all_reduceUL\\(..., UPC_OR"
            bits |= ulpart[t];
    ulpart[0] = bits;
}

void p5(void)
{
    float f = 0;
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "upc_all_reduceF"
            f += fpart[t];
    fpart[0] = f;
}

void p6(void)
{
    unsigned int u = 0;
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "upc_all_reduceUI\\(..., UPC_XOR"
            u ^= uipart[t];
    uipart[0] = u;
}

void p7(void)
{
    long *all = malloc(sizeof(long) * THREADS);
    int t;
    for (t = 0; t < THREADS; t++) // want "hand-written gather-all over THREADS: every thread copies x\\[t\\] from every thread into all\\[t\\]; use upc_all_gather_all"
        all[t] = x[t];
    free(all);
}

void p8(double *mine)
{
    int t;
    for (t = 0; t < THREADS; t++) // want "upc_all_gather_all"
        mine[t] = dx[t];
}

void p9(double *vals)
{
    int t;
    for (t = 0; t < THREADS; t++) // want "gather-all.*recs\\[t\\].v"
        vals[t] = recs[t].v;
}

void p10(long *root_copy)
{
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "hand-written gather over THREADS: thread 0 copies x\\[t\\].*use upc_all_gather "
            root_copy[t] = x[t];
}

void p11(long v)
{
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "hand-written broadcast over THREADS: thread 0 writes x\\[t\\] on every thread; use upc_all_broadcast"
            x[t] = v;
    upc_barrier;
}

void p12(const long *src)
{
    int t, k;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "upc_all_broadcast"
            for (k = 0; k < NE; k++)
                blk[t * NE + k] = src[k];
    upc_barrier;
}

void p13(const long *vals)
{
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "hand-written scatter over THREADS: thread 0 writes x\\[t\\].*use upc_all_scatter"
            x[t] = vals[t];
    upc_barrier;
}

void p14(const long *src)
{
    int t, k;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "upc_all_scatter"
            for (k = 0; k < NE; k++)
                blk[t * NE + k] = src[t * NE + k];
    upc_barrier;
}

void p15(void)
{
    long s = 0;
    int t;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++) { // want "upc_all_reduceL\\(..., UPC_ADD"
            s += lpart[t];
        }
    }
    total = s;
}

void p16(double *got)
{
    int i;
    for (i = 0; i < THREADS; i++) // want "gather-all"
        got[i] = (dx[i]);
}

/* an array of shared structures: element t is on thread t, so thread 0
   writing a member of each is a scatter */
shared struct cell { int key; int idx; } cells[THREADS];
void fill_cells(void)
{
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "hand-written scatter over THREADS: thread 0 writes cells\\[t\\].idx on every thread"
            cells[t].idx = t;
}

/* the first element of each thread's block of a blocked array */
shared [4] int firsts[4 * THREADS];
void set_firsts(int v)
{
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) // want "hand-written broadcast over THREADS: thread 0 writes firsts\\[t \\* 4\\] on every thread"
            firsts[t * 4] = v;
}

/* every thread but thread 0 sums the contributions */
shared int contrib[THREADS];
int others_sum(void)
{
    int t, s = 0;
    if (MYTHREAD == 0)
        return 0;
    for (t = 0; t < THREADS; t++) // want "hand-written reduction over THREADS: every thread but thread 0 reads contrib\\[t\\] from every thread"
        s += contrib[t];
    return s;
}
