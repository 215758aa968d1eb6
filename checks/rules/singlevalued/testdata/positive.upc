// Thread-dependent values where UPC requires single-valued ones.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 64

shared int a[N * THREADS];
shared [N] int blk[N * THREADS];
shared long part[THREADS];
shared long total;
shared [] char *shared buf;

/* 1: the barrier id is the thread number */
void p1(void)
{
    upc_barrier MYTHREAD; // want "upc_barrier id MYTHREAD is not single-valued: it depends on MYTHREAD"
}

/* 2: split-phase ids computed from the thread */
void p2(void)
{
    int tag = MYTHREAD * 10;
    upc_notify tag; // want "upc_notify id tag is not single-valued: it depends on tag, which is thread-dependent \\(MYTHREAD\\)"
    upc_wait tag; // want "upc_wait id tag is not single-valued"
}

/* 3: a collective allocation with a thread-dependent size */
void p3(void)
{
    buf = upc_all_alloc(MYTHREAD + 1, 8); // want "argument 1 of upc_all_alloc \\(MYTHREAD \\+ 1\\) is not single-valued"
}

/* 4: the root of a broadcast differs between threads */
void p4(void)
{
    upc_all_broadcast(blk, &blk[MYTHREAD * N], N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); // want "argument 2 of upc_all_broadcast"
}

/* 5: the element count of a reduction */
void p5(void)
{
    int n = THREADS - MYTHREAD;
    upc_all_reduceL(&total, part, UPC_ADD, n, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); // want "argument 4 of upc_all_reduceL \\(n\\)"
}

/* 6: thread-dependent synchronisation flags */
void p6(void)
{
    int flags = MYTHREAD == 0 ? UPC_IN_ALLSYNC : UPC_IN_NOSYNC;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, flags); // want "argument 7 of upc_all_reduceL"
}

/* 7: a forall starting at the thread */
void p7(void)
{
    int i;
    upc_forall (i = MYTHREAD; i < N; i++; &a[i]) // want "the initialization of this upc_forall \\(i = MYTHREAD\\) is not single-valued"
        a[i] = 0;
}

/* 8: a forall bound that depends on the thread */
void p8(void)
{
    int i;
    upc_forall (i = 0; i < N * (MYTHREAD + 1); i++; i) // want "the condition of this upc_forall"
        a[i] += 1;
}

/* 9: a forall step that depends on the thread */
void p9(void)
{
    int i;
    upc_forall (i = 0; i < N; i += MYTHREAD + 1; i) // want "the step of this upc_forall"
        a[i] = 1;
}

/* 10: an affinity expression computed from the thread */
void p10(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; MYTHREAD) // want "the affinity expression of this upc_forall \\(MYTHREAD\\)"
        a[i] = 2;
}

/* 11: a declaration in the forall header */
void p11(void)
{
    upc_forall (int j = MYTHREAD * 2; j < N; j++; j) // want "initialization of this upc_forall"
        a[j] = 3;
}

/* 12: a parameter passed MYTHREAD by its caller */
void free_it(shared void *p, int id)
{
    upc_barrier id; // want "upc_barrier id id is not single-valued"
    upc_all_free(p);
}

void p12(void) { free_it(buf, MYTHREAD); }

/* 13: a lock allocated with a thread-dependent pointer */
void p13(void)
{
    upc_all_lock_free(MYTHREAD ? upc_global_lock_alloc() : NULL); // want "argument 1 of upc_all_lock_free"
}

/* 14: the result of upc_threadof as an id */
void p14(void)
{
    upc_barrier upc_threadof(&a[MYTHREAD]); // want "the result of upc_threadof"
}

/* 15: a gather into a thread-dependent destination */
void p15(void)
{
    upc_all_gather(&blk[MYTHREAD], a, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); // want "argument 1 of upc_all_gather"
}

/* 16: a value set under a thread-dependent condition */
void p16(void)
{
    int id = 0;
    if (MYTHREAD == 0)
        id = 1;
    upc_barrier id; // want "not single-valued"
}

/* 17: a prefix reduction over a thread-dependent count */
void p17(void)
{
    int n = MYTHREAD + 1;
    upc_all_prefix_reduceL(part, part, UPC_ADD, n, 1, NULL, 0); // want "argument 4 of upc_all_prefix_reduceL"
}

/* 18: a loop that every thread runs the same number of times (start and
   bound shifted by MYTHREAD alike) still has a thread-dependent counter */
void p18(void)
{
    int i;
    for (i = MYTHREAD; i < MYTHREAD + 4; i++)
        upc_barrier i; // want "upc_barrier id i is not single-valued"
}

/* a wait id after a named notify must match it */
void named_notify_then_wait(void)
{
    upc_notify 1;
    upc_wait MYTHREAD; // want "upc_wait id MYTHREAD is not single-valued"
}

/* a wait id where one path comes from a named notify */
void notify_named_on_one_path(int coin)
{
    if (coin)
        upc_notify;
    else
        upc_notify 3;
    upc_wait MYTHREAD; // want "upc_wait id MYTHREAD is not single-valued"
}

/* the phase of a thread-dependent pointer */
void phase_of_a_thread_dependent_pointer(void)
{
    int off = (int)upc_phaseof(&blk[MYTHREAD]);
    upc_all_broadcast(&blk[off], &blk[N], sizeof(int), 0); // want "argument 1 of upc_all_broadcast .* depends on off, which is thread-dependent \\(result of upc_phaseof \\(MYTHREAD\\)\\)"
}
