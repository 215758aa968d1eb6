/* Intrepid/GCC UPC test-suite style: pointer-to-shared arithmetic,
 * phase/thread/address queries, casts between block sizes, and pointer
 * comparisons, checked against the formulas of UPC 1.3 6.4.2. */
// upclint-flags: --threads 4

#include <upc.h>
#include <stdio.h>
#include <stddef.h>

#define B 3
#define N (B * THREADS * 2)

typedef shared [B] int blocked_t[N];
typedef shared [] int *indef_ptr;
typedef shared [4] long blk4_arr_t[4 * THREADS];

blocked_t arr;
shared [*] double starred[8 * THREADS];
blk4_arr_t sarr;
shared int cyc[N];
shared [0] int *shared bigp;
shared int nfail[THREADS];

static int fail;
#define VERIFY(cond, ...) do { if (!(cond)) { fail++; fprintf(stderr, __VA_ARGS__); } } while (0)

static void test_phase_walk(void)
{
    shared [B] int *p = &arr[0];
    int i;
    for (i = 0; i < N; i++, p++) {
        VERIFY(upc_threadof(p) == (i / B) % THREADS, "threadof %d\n", i);
        VERIFY(upc_phaseof(p) == (size_t)(i % B), "phaseof %d\n", i);
        VERIFY(p == &arr[i], "address %d\n", i);
    }
}

static void test_difference(void)
{
    shared [B] int *p = &arr[1], *q = &arr[N - 1];
    ptrdiff_t d = q - p;
    VERIFY(d == N - 2, "difference %ld\n", (long)d);
    VERIFY(p < q && q > p && p != q, "ordering\n");
    VERIFY(&arr[5] - 2 == &arr[3], "subtraction\n");
    VERIFY((p + 4)[-1] == arr[4], "index through pointer\n");
}

static void test_casts(void)
{
    shared int *c = (shared int *)&arr[B];     /* phase reset, same thread */
    indef_ptr ip = (indef_ptr)&cyc[MYTHREAD];
    shared void *vp = c;
    int *local;
    VERIFY(upc_threadof(c) == 1 % THREADS, "cast threadof\n");
    VERIFY(upc_phaseof(c) == 0, "cast phase\n");
    VERIFY(upc_threadof(ip + 1) == (size_t)MYTHREAD, "indefinite stays on thread\n");
    VERIFY((shared int *)vp == c, "void round trip\n");
    local = (int *)&cyc[MYTHREAD];
    *local = 42;
    VERIFY(cyc[MYTHREAD] == 42, "cast to local\n");
    VERIFY(upc_addrfield(&cyc[MYTHREAD]) == upc_addrfield(&cyc[MYTHREAD + THREADS]) - sizeof(int),
           "addrfield step\n");
}

static void test_star(void)
{
    int i;
    size_t bs = upc_blocksizeof(starred);
    VERIFY(bs == 8, "[*] block size %lu\n", (unsigned long)bs);
    VERIFY(upc_blocksizeof(sarr) == 4, "typedef [*] block size\n");
    VERIFY(upc_localsizeof(starred) == 8 * sizeof(double), "localsizeof\n");
    upc_forall (i = 0; i < 8 * THREADS; i++; &starred[i])
        starred[i] = i;
    upc_barrier;
    VERIFY(upc_threadof(&starred[8 * MYTHREAD]) == (size_t)MYTHREAD, "[*] owner\n");
}

int main(void)
{
    int i, total = 0;
    upc_forall (i = 0; i < N; i++; &arr[i])
        arr[i] = i;
    upc_barrier;
    test_phase_walk();
    test_difference();
    test_casts();
    upc_barrier;
    test_star();
    nfail[MYTHREAD] = fail;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            total += nfail[i];
        printf("ptrarith: %s\n", total ? "failed" : "passed");
    }
    return 0;
}
