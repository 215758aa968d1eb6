// upclint-flags: -DVERBOSE=0
/*
 * suite_conformance.upc: a multi-test conformance driver in the style of the
 * classic UPC test suites. Each test is a function returning the number of
 * errors it found on this thread; the driver runs them in order, reduces the
 * error counts and prints one line per test.
 *
 * All tests are collective: every thread calls every test in the same order.
 */
#include <upc.h>
#include <upc_collective.h>
#include <upc_tick.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stddef.h>

#ifndef VERBOSE
#define VERBOSE 1
#endif

#define NB 4                 /* elements per block for the blocked tests */
#define PER 12               /* elements per thread */
#define TOTAL (PER * THREADS)

#define REPORT(cond, what)                                                         \
    do {                                                                           \
        if (!(cond)) {                                                             \
            errors++;                                                              \
            if (VERBOSE)                                                           \
                fprintf(stderr, "[%d] %s: %s (line %d)\n", MYTHREAD, __func__,     \
                        what, __LINE__);                                           \
        }                                                                          \
    } while (0)

typedef int (*test_fn)(void);

struct test_case {
    const char *name;
    test_fn run;
    unsigned flags;
};

enum { T_NEEDS_TWO = 1u << 0, T_SLOW = 1u << 1 };

/* ---------------------------------------------------------------- data -- */

shared int cyc[TOTAL];
shared [NB] int blk[NB * PER * THREADS];
shared [] int ind[PER];
shared [*] int star[PER * THREADS];
shared [NB] double dmat[PER * THREADS][NB];
shared int errs_all[THREADS];
shared int errs_sum;
shared long counter;
strict shared int sflag[THREADS];
shared int scratch[TOTAL];
upc_lock_t *suite_lock;

/* --------------------------------------------------------------- tests -- */

static int test_threads_mythread(void)
{
    int errors = 0;
    REPORT(THREADS >= 1, "THREADS positive");
    REPORT(MYTHREAD >= 0 && MYTHREAD < THREADS, "MYTHREAD in range");
    return errors;
}

static int test_cyclic_affinity(void)
{
    int errors = 0, i;
    for (i = 0; i < TOTAL; i++)
        REPORT(upc_threadof(&cyc[i]) == (size_t)(i % THREADS), "cyclic threadof");
    return errors;
}

static int test_blocked_affinity(void)
{
    int errors = 0, i;
    for (i = 0; i < NB * PER * THREADS; i++) {
        REPORT(upc_threadof(&blk[i]) == (size_t)((i / NB) % THREADS), "blocked threadof");
        REPORT(upc_phaseof(&blk[i]) == (size_t)(i % NB), "blocked phaseof");
    }
    return errors;
}

static int test_indefinite(void)
{
    int errors = 0, i;
    for (i = 0; i < PER; i++)
        REPORT(upc_threadof(&ind[i]) == 0, "indefinite on thread 0");
    REPORT(upc_blocksizeof(ind) == 0, "indefinite block size");
    return errors;
}

static int test_star(void)
{
    int errors = 0;
    REPORT(upc_blocksizeof(star) == PER, "[*] block size");
    REPORT(upc_threadof(&star[PER * MYTHREAD]) == (size_t)MYTHREAD, "[*] owner");
    return errors;
}

static int test_forall_int(void)
{
    int errors = 0, i, n = 0;
    upc_forall (i = 0; i < TOTAL; i++; i) {
        REPORT(i % THREADS == MYTHREAD, "integer affinity");
        n++;
    }
    REPORT(n == PER, "iteration count");
    return errors;
}

static int test_forall_ptr(void)
{
    int errors = 0, i;
    upc_forall (i = 0; i < NB * PER * THREADS; i++; &blk[i]) {
        REPORT(upc_threadof(&blk[i]) == (size_t)MYTHREAD, "pointer affinity");
        blk[i] = i;
    }
    upc_barrier;
    for (i = 0; i < NB * PER * THREADS; i += 7)
        REPORT(blk[i] == i, "values after forall");
    return errors;
}

static int test_forall_continue(void)
{
    int errors = 0, n = 0;
    upc_forall (int i = 0; i < TOTAL; i++; continue)
        n += i >= 0;
    REPORT(n == TOTAL, "continue affinity runs everything");
    return errors;
}

static int test_pointer_arith(void)
{
    int errors = 0, i;
    shared [NB] int *p = blk;
    for (i = 0; i < NB * PER * THREADS; i++, p++)
        REPORT(p == &blk[i], "increment matches index");
    p = &blk[NB * PER * THREADS - 1];
    REPORT(p - blk == NB * PER * THREADS - 1, "difference");
    return errors;
}

static int test_casts(void)
{
    int errors = 0;
    shared void *v = &blk[NB * MYTHREAD + 1];
    shared [NB] int *back = (shared [NB] int *)v;
    shared int *cyclic = (shared int *)v;
    int *local = (int *)&blk[NB * MYTHREAD];
    REPORT(back == &blk[NB * MYTHREAD + 1], "round trip through shared void *");
    REPORT(upc_phaseof(cyclic) == 0, "phase reset");
    REPORT(local + 1 == (int *)&blk[NB * MYTHREAD] + 1, "local arithmetic");
    return errors;
}

static int test_barrier_ids(void)
{
    int errors = 0, k;
    for (k = 0; k < 3; k++) {
        cyc[MYTHREAD] = k;
        upc_barrier k;
        REPORT(cyc[(MYTHREAD + 1) % THREADS] == k, "value after barrier");
        upc_barrier k + 100;
    }
    return errors;
}

static int test_split_barrier(void)
{
    int errors = 0, local_work = 0, i;
    scratch[MYTHREAD] = MYTHREAD + 1;
    upc_notify 5;
    for (i = 0; i < 1000; i++)
        local_work += i & 1;
    upc_wait 5;
    REPORT(scratch[(MYTHREAD + THREADS - 1) % THREADS] == (MYTHREAD + THREADS - 1) % THREADS + 1,
           "neighbour value after wait");
    REPORT(local_work == 500, "local work");
    return errors;
}

static int test_locks(void)
{
    int errors = 0, i;
    if (MYTHREAD == 0)
        counter = 0;
    upc_barrier;
    for (i = 0; i < 50; i++) {
        upc_lock(suite_lock);
        counter += 1;
        upc_unlock(suite_lock);
    }
    upc_barrier;
    REPORT(counter == 50L * THREADS, "locked counter");
    upc_barrier;
    return errors;
}

static int test_strict_flag(void)
{
    int errors = 0, t = (MYTHREAD + 1) % THREADS;
    sflag[MYTHREAD] = 0;
    upc_barrier;
    scratch[t] = 42;
    upc_fence;
    sflag[t] = 1;
    while (sflag[MYTHREAD] == 0)
        ;
    REPORT(scratch[MYTHREAD] == 42, "data visible after strict flag");
    upc_barrier;
    return errors;
}

static int test_memops(void)
{
    int errors = 0, i, buf[NB];
    for (i = 0; i < NB; i++)
        buf[i] = -i;
    upc_memput(&blk[NB * ((MYTHREAD + 1) % THREADS)], buf, sizeof buf);
    upc_barrier;
    memset(buf, 0, sizeof buf);
    upc_memget(buf, &blk[NB * MYTHREAD], sizeof buf);
    for (i = 0; i < NB; i++)
        REPORT(buf[i] == -i, "memget after memput");
    upc_barrier;
    upc_memset(&blk[NB * MYTHREAD], 0, NB * sizeof(int));
    REPORT(blk[NB * MYTHREAD + NB - 1] == 0, "memset");
    upc_barrier;
    return errors;
}

static int test_alloc(void)
{
    int errors = 0;
    shared [NB] int *all = (shared [NB] int *)upc_all_alloc(THREADS, NB * sizeof(int));
    shared [] int *mine = (shared [] int *)upc_alloc(NB * sizeof(int));
    REPORT(all != NULL && mine != NULL, "allocation");
    REPORT(upc_threadof(&all[NB * MYTHREAD]) == (size_t)MYTHREAD, "all_alloc layout");
    REPORT(upc_threadof(mine) == (size_t)MYTHREAD, "alloc affinity");
    upc_free(mine);
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(all);
    return errors;
}

static int test_broadcast(void)
{
    static shared [] int src[NB];
    static shared [NB] int dst[NB * THREADS];
    int errors = 0, i;
    if (MYTHREAD == 0)
        for (i = 0; i < NB; i++)
            src[i] = 7 * i;
    upc_all_broadcast(dst, src, NB * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (i = 0; i < NB; i++)
        REPORT(dst[NB * MYTHREAD + i] == 7 * i, "broadcast value");
    return errors;
}

static int test_reduce(void)
{
    static shared long vals[THREADS];
    static shared long sum;
    int errors = 0;
    vals[MYTHREAD] = MYTHREAD + 1;
    upc_all_reduceL(&sum, vals, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    REPORT(sum == (long)THREADS * (THREADS + 1) / 2, "reduce sum");
    return errors;
}

static int test_sizeof_ops(void)
{
    int errors = 0;
    REPORT(upc_blocksizeof(blk) == NB, "blocksizeof");
    REPORT(upc_elemsizeof(dmat) == sizeof(double), "elemsizeof");
    REPORT(upc_localsizeof(cyc) == PER * sizeof(int), "localsizeof");
    REPORT(upc_blocksizeof(shared [NB] int) == NB, "blocksizeof of a type");
    return errors;
}

static int test_two_dim(void)
{
    int errors = 0, i, j;
    upc_forall (i = 0; i < PER * THREADS; i++; &dmat[i][0])
        for (j = 0; j < NB; j++)
            dmat[i][j] = i + 0.25 * j;
    upc_barrier;
    for (i = 0; i < PER * THREADS; i += 5)
        REPORT(dmat[i][NB - 1] == i + 0.25 * (NB - 1), "2-D values");
    upc_barrier;
    return errors;
}

static int test_neighbour_exchange(void)
{
    int errors = 0;
    if (THREADS < 2)
        return 0;
    cyc[MYTHREAD] = 1000 + MYTHREAD;
    upc_barrier;
    REPORT(cyc[(MYTHREAD + 1) % THREADS] == 1000 + (MYTHREAD + 1) % THREADS, "neighbour");
    upc_barrier;
    return errors;
}

static int test_timer(void)
{
    int errors = 0;
    upc_tick_t a = upc_ticks_now(), b;
    upc_barrier;
    b = upc_ticks_now();
    REPORT(b >= a, "ticks monotonic");
    REPORT(upc_ticks_to_ns(b - a) < UINT64_MAX, "conversion");
    return errors;
}

static int test_resetphase(void)
{
    int errors = 0;
    shared [NB] int *p = &blk[NB * MYTHREAD + NB - 1];
    shared [NB] int *q = upc_resetphase(p);
    REPORT(upc_phaseof(p) == NB - 1, "phase before reset");
    REPORT(upc_phaseof(q) == 0, "phase after reset");
    REPORT(upc_threadof(q) == upc_threadof(p), "thread kept");
    return errors;
}

static int test_addrfield(void)
{
    int errors = 0;
    size_t a0 = upc_addrfield(&blk[NB * MYTHREAD]);
    size_t a1 = upc_addrfield(&blk[NB * MYTHREAD + 1]);
    size_t anext = upc_addrfield(&blk[NB * (MYTHREAD + THREADS)]);
    REPORT(a1 - a0 == sizeof(int), "addrfield within a block");
    REPORT(anext - a0 == NB * sizeof(int), "addrfield of the next block on this thread");
    return errors;
}

struct pair { int a; double b; };

static int test_struct_copy(void)
{
    static shared struct pair pairs[THREADS];
    struct pair mine = { MYTHREAD, MYTHREAD * 0.5 }, other;
    int errors = 0, t = (MYTHREAD + 1) % THREADS;
    pairs[MYTHREAD] = mine;
    upc_barrier;
    other = pairs[t];
    REPORT(other.a == t && other.b == t * 0.5, "whole struct copy");
    REPORT(pairs[t].b == t * 0.5, "member read");
    upc_barrier;
    return errors;
}

static int test_gather_scatter(void)
{
    static shared [] int root[NB * 256];
    static shared [NB] int parts[NB * THREADS];
    int errors = 0, i;
    if (THREADS > 256)
        return 0;
    for (i = 0; i < NB; i++)
        parts[NB * MYTHREAD + i] = MYTHREAD * NB + i;
    upc_all_gather(root, parts, NB * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        for (i = 0; i < NB * THREADS; i++)
            REPORT(root[i] == i, "gathered value");
    upc_all_scatter(parts, root, NB * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    for (i = 0; i < NB; i++)
        REPORT(parts[NB * MYTHREAD + i] == MYTHREAD * NB + i, "scattered value");
    return errors;
}

static int test_prefix(void)
{
    static shared int in[THREADS], out[THREADS];
    int errors = 0;
    in[MYTHREAD] = 1;
    upc_all_prefix_reduceI(out, in, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    REPORT(out[MYTHREAD] == MYTHREAD + 1, "prefix sum");
    return errors;
}

static int test_lock_attempt(void)
{
    int errors = 0, got = 0, tries = 0;
    while (!got && tries < 1000000) {
        got = upc_lock_attempt(suite_lock);
        tries++;
    }
    REPORT(got, "lock eventually acquired");
    if (got)
        upc_unlock(suite_lock);
    upc_barrier;
    return errors;
}

static int test_affinitysize(void)
{
    int errors = 0;
    size_t total = upc_affinitysize(NB * PER * THREADS * sizeof(int), NB * sizeof(int), MYTHREAD);
    REPORT(total == upc_localsizeof(blk), "affinitysize matches localsizeof");
    return errors;
}

static int test_global_alloc(void)
{
    int errors = 0;
    shared [NB] long *g = (shared [NB] long *)upc_global_alloc(THREADS, NB * sizeof(long));
    REPORT(upc_threadof(g) == 0, "global_alloc starts on thread 0");
    REPORT(upc_threadof(g + NB) == (size_t)(1 % THREADS), "second block on thread 1");
    upc_free(g);
    return errors;
}

static int test_pointer_to_shared_pointer(void)
{
    static shared int *shared slot;
    int errors = 0;
    if (MYTHREAD == 0)
        slot = &cyc[THREADS - 1];
    upc_barrier;
    REPORT(upc_threadof(slot) == (size_t)(THREADS - 1), "shared pointer value seen by all");
    upc_barrier;
    return errors;
}

/* -------------------------------------------------------------- driver -- */

static const struct test_case tests[] = {
    { "threads_mythread",    test_threads_mythread,   0 },
    { "cyclic_affinity",     test_cyclic_affinity,    0 },
    { "blocked_affinity",    test_blocked_affinity,   0 },
    { "indefinite",          test_indefinite,         0 },
    { "star",                test_star,               0 },
    { "forall_int",          test_forall_int,         0 },
    { "forall_ptr",          test_forall_ptr,         0 },
    { "forall_continue",     test_forall_continue,    0 },
    { "pointer_arith",       test_pointer_arith,      0 },
    { "casts",               test_casts,              0 },
    { "barrier_ids",         test_barrier_ids,        0 },
    { "split_barrier",       test_split_barrier,      0 },
    { "locks",               test_locks,              T_SLOW },
    { "strict_flag",         test_strict_flag,        T_NEEDS_TWO },
    { "memops",              test_memops,             0 },
    { "alloc",               test_alloc,              0 },
    { "broadcast",           test_broadcast,          0 },
    { "reduce",              test_reduce,             0 },
    { "sizeof_ops",          test_sizeof_ops,         0 },
    { "two_dim",             test_two_dim,            0 },
    { "neighbour_exchange",  test_neighbour_exchange, T_NEEDS_TWO },
    { "timer",               test_timer,              0 },
    { "resetphase",          test_resetphase,         0 },
    { "addrfield",           test_addrfield,          0 },
    { "struct_copy",         test_struct_copy,        0 },
    { "gather_scatter",      test_gather_scatter,     0 },
    { "prefix",              test_prefix,             0 },
    { "lock_attempt",        test_lock_attempt,       T_SLOW },
    { "affinitysize",        test_affinitysize,       0 },
    { "global_alloc",        test_global_alloc,       0 },
    { "pointer_to_shared_pointer", test_pointer_to_shared_pointer, 0 },
};

#define NTESTS ((int)(sizeof tests / sizeof tests[0]))

static int run_one(const struct test_case *tc)
{
    int errors;

    upc_barrier;
    errors = tc->run();
    errs_all[MYTHREAD] = errors;
    upc_all_reduceI(&errs_sum, errs_all, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("%-22s %s\n", tc->name, errs_sum == 0 ? "passed" : "failed");
    return errs_sum;
}

static int selected(const struct test_case *tc, int argc, char **argv)
{
    int k;
    if ((tc->flags & T_NEEDS_TWO) && THREADS < 2)
        return 0;
    if (argc <= 1)
        return 1;
    for (k = 1; k < argc; k++)
        if (strcmp(argv[k], tc->name) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    int k, failed = 0, ran = 0;

    suite_lock = upc_all_lock_alloc();
    for (k = 0; k < NTESTS; k++) {
        if (!selected(&tests[k], argc, argv))
            continue;
        failed += run_one(&tests[k]) != 0;
        ran++;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("%d of %d tests failed\n", failed, ran);
        upc_lock_free(suite_lock);
    }
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
