// Single-valued barrier ids, collective arguments and forall controls:
// nothing here may be reported.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 64

shared int a[N * THREADS];
shared [N] int blk[N * THREADS];
shared long part[THREADS];
shared long total;
shared int nsteps;
shared [] char *shared buf;

/* 1: constant ids */
void n1(void)
{
    upc_barrier 1;
    upc_notify 2;
    upc_wait 2;
}

/* 2: an id from the loop counter */
void n2(void)
{
    int s;
    for (s = 0; s < 8; s++)
        upc_barrier s;
}

/* 3: a THREADS-dependent size is single-valued */
void n3(void)
{
    buf = upc_all_alloc(THREADS, N * sizeof(int));
}

/* 4: a reduction with constant arguments */
void n4(void)
{
    part[MYTHREAD] = MYTHREAD;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

/* 5: a broadcast from a root that every thread computes alike */
void n5(int iter)
{
    int root = iter % THREADS;
    upc_all_broadcast(blk, &blk[root * N], N * sizeof(int), 0);
}

/* 6: the ordinary forall */
void n6(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i])
        a[i] = MYTHREAD;
}

/* 7: a loop counter reused after thread-dependent code */
void n7(void)
{
    int i;
    for (i = MYTHREAD; i < N; i += THREADS)
        a[i] = 0;
    upc_forall (i = 0; i < N; i++; i)
        a[i] = 1;
}

/* 8: the id read from shared data written before a barrier */
void n8(void)
{
    if (MYTHREAD == 0)
        nsteps = 3;
    upc_barrier;
    upc_barrier nsteps;
}

/* 9: nested forall: the inner one does not distribute */
void n9(void)
{
    int i, j;
    upc_forall (i = 0; i < 4; i++; i)
        upc_forall (j = i; j < N; j++; j)
            a[j] += i;
}

/* 10: continue affinity */
void n10(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; continue)
        a[i] = i;
}

/* 11: a parameter every caller passes alike */
void sized_alloc(int n)
{
    buf = upc_all_alloc(n, 4);
}

void n11(void)
{
    sized_alloc(THREADS * 2);
    sized_alloc(16);
}

/* 12: a thread-dependent value passed to a non-collective call */
void n12(void)
{
    int got;
    upc_memget(&got, &a[MYTHREAD], sizeof(int));
    printf("%d\n", MYTHREAD);
}

/* 13: the address of a private variable: the same role on every thread */
void n13(void)
{
    long local = MYTHREAD;
    part[MYTHREAD] = local;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, 0);
}

/* 14: a forall over a row whose index is single-valued */
void n14(int row)
{
    int j;
    upc_forall (j = 0; j < N; j++; &blk[row * N + j])
        blk[row * N + j] = j;
}

/* 15: ids from THREADS */
void n15(void)
{
    upc_barrier THREADS - 1;
}

/* 16: a result of a collective is single-valued */
void n16(void)
{
    shared [] char *p = (shared [] char *)upc_all_alloc(2, 8);
    upc_all_free(p);
}

/* 17: a barrier id and an allocation size from a reduction result */
void n17(void)
{
    shared [] char *p;
    part[MYTHREAD] = MYTHREAD + 1;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_barrier (int)total;
    p = upc_all_alloc(total, 8);
    upc_all_free(p);
}

/* 18: forall bounds from the command line (the same on every thread) */
void n18(int argc, char **argv)
{
    int i, n = argc > 1 ? argv[1][0] - '0' : N;
    upc_forall (i = 0; i < n && i < N * THREADS; i++; &a[i])
        a[i] = i;
}

/* 19: a step published by thread 0 before a barrier */
void n19(void)
{
    int k;
    if (MYTHREAD == 0)
        nsteps = 5;
    upc_barrier;
    k = nsteps;
    upc_barrier k;
}

/* 20: the trip count of a loop shifted by MYTHREAD is the same everywhere:
   a barrier id counted in it is single-valued */
void n20(void)
{
    int i, k = 0;
    for (i = MYTHREAD; i < MYTHREAD + 4; i++) {
        upc_barrier k;
        k++;
    }
}

int main(int argc, char **argv)
{
    int it;
    n1(); n2(); n3(); n4();
    for (it = 0; it < 3; it++)
        n5(it);
    n6(); n7(); n8(); n9(); n10(); n11(); n12(); n13();
    for (it = 0; it < 2; it++)
        n14(it);
    n15(); n16(); n17(); n18(argc, argv); n19(); n20();
    return 0;
}

/* the wait id after an anonymous notify cannot mismatch (UPC 1.3 §6.6.1):
   here it differs on every thread, on both paths */
void anonymous_notify_then_named_wait(int coin)
{
    upc_notify;
    upc_wait MYTHREAD;
    if (coin)
        upc_notify;
    else
        upc_notify;
    upc_wait MYTHREAD + 1;
}

/* the thread and phase of a pointer-to-shared that every thread computes
   alike are single-valued */
void thread_and_phase_of_a_uniform_pointer(int r)
{
    int i, off;
    off = (int)upc_phaseof(&blk[r]);
    upc_all_broadcast(&blk[off], &blk[N], sizeof(int), 0);
    upc_forall (i = 0; i < N; i += 4; upc_threadof(&blk[r * N] + i))
        blk[r * N + i] = i;
}

/* a size computed after an error exit that only thread 0 may take: the
   threads that go on all compute the same value */
long table_size;
void size_after_error_exit(double mem, FILE *out)
{
    if (MYTHREAD == 0) {
        if (!out) {
            fprintf(stderr, "no output file\n");
            upc_global_exit(1);
        }
    }
    for (table_size = 1, mem /= 2; mem >= 1.0; mem /= 2)
        table_size <<= 1;
    buf = upc_all_alloc(table_size, 8);
}
