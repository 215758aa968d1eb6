// Loops over THREADS that are not hand-written collectives, and the
// library collectives themselves: nothing here may be reported.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdlib.h>

#define NE 16

shared long lpart[THREADS];
shared long x[THREADS];
shared [NE] long blk[NE * THREADS];
shared long total;
shared [] long *shared ptrs[THREADS];

/* 1: the library reduction */
void n1(void)
{
    upc_all_reduceL(&total, lpart, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

/* 2: a private loop over THREADS */
long n2(const long *v)
{
    long s = 0;
    int t;
    for (t = 0; t < THREADS; t++)
        s += v[t];
    return s;
}

/* 3: each thread writes its own element */
void n3(long v)
{
    x[MYTHREAD] = v;
}

/* 4: a loop over a constant count, not THREADS */
void n4(long *out)
{
    int k;
    for (k = 0; k < NE; k++)
        out[k] = blk[k];
}

/* 5: a loop starting at MYTHREAD */
long n5(void)
{
    long s = 0;
    int t;
    for (t = MYTHREAD; t < THREADS; t += THREADS)
        s += x[t];
    return s;
}

/* 6: bulk copies in the loop */
void n6(long *buf)
{
    int t;
    for (t = 0; t < THREADS; t++)
        upc_memget(buf + t * NE, &blk[t * NE], NE * sizeof(long));
}

/* 7: every thread writes every element: a race, not a broadcast */
void n7(long v)
{
    int t;
    for (t = 0; t < THREADS; t++)
        x[t] = v;
}

/* 8: a loop with a different stride */
long n8(void)
{
    long s = 0;
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t += 2)
            s += x[t];
    return s;
}

/* 9: a loop to THREADS - 1 */
long n9(void)
{
    long s = 0;
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS - 1; t++)
            s += x[t];
    return s;
}

/* 10: shared-to-shared copy by one thread */
void n10(void)
{
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            lpart[t] = x[t];
}

/* 11: a max written with a comparison */
long n11(void)
{
    long m = 0;
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            if (x[t] > m)
                m = 1;
    return m;
}

/* 12: the library broadcast */
void n12(void)
{
    upc_all_broadcast(blk, &blk[0], NE * sizeof(long), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

/* 13: per-thread computation with the thread number */
void n13(int *counts)
{
    int t;
    for (t = 0; t < THREADS; t++)
        counts[t] = t * 2;
}

/* 14: a constant element, not x[t] */
void n14(long *dst)
{
    int t;
    for (t = 0; t < THREADS; t++)
        dst[t] = 0;
}

/* 15: upc_forall over the threads */
void n15(void)
{
    int t;
    upc_forall (t = 0; t < THREADS; t++; t)
        x[t] = t;
}

/* 16: thread 0 writes from shared data (a copy, not a broadcast of its value) */
void n16(void)
{
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            x[t] = total;
}

/* Each thread writes only its own element. */
shared double own_flags[THREADS];
void own_element_only(void)
{
    int t;
    for (t = 0; t < THREADS; t++)
        if (t == MYTHREAD)
            own_flags[t] = 1.0;
}

/* a shared structure that is not an array lies on thread 0 with all its
   members (UPC 1.3 6.5.1.1): thread 0 filling its array member, and every
   thread reading it back, is no scatter or gather */
shared struct table { int a[THREADS]; double b[THREADS]; } tab;
void fill_table(void)
{
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++) {
            tab.a[t] = t;
            tab.b[t] = 2.0 * t;
        }
}

/* eight structures per block: thread 0 fills the first blocks, not one
   element on each thread */
struct rec { int no; int val[4]; };
shared [8] struct rec recs[THREADS];
void fill_recs(void)
{
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            recs[t].no = t;
}

/* a conditional clamp of each thread's element is no broadcast */
shared double tmax[THREADS];
void clamp_times(double limit)
{
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            if (tmax[t] > limit)
                tmax[t] = limit;
}
