/* GNU C extensions that real UPC code uses (GCC UPC and Berkeley UPC accept them). */
#include <upc.h>
#include <stdio.h>
#include <stdint.h>

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define CACHE_ALIGNED __attribute__((aligned(64)))
#ifndef __ATOMIC_SEQ_CST
#define __ATOMIC_SEQ_CST 5
#endif

struct counters {
    long hits;
    long misses;
} CACHE_ALIGNED;

shared long global_hits[THREADS];
static struct counters local_counts CACHE_ALIGNED;
static volatile int progress __attribute__((unused));
static long atomic_word;

/* an asm label renames the symbol at link time */
extern int renamed_counter __asm__("upc_corpus_counter");
int renamed_counter = 0;

static __inline__ int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static void axpy(int n, double a, const double *__restrict__ x, double *__restrict__ y)
    __attribute__((noinline));

static void axpy(int n, double a, const double *__restrict__ x, double *__restrict__ y)
{
    int i;
    for (i = 0; i < n; i++)
        y[i] += a * x[i];
}

__attribute__((noreturn)) static void die(const char *msg)
{
    fprintf(stderr, "thread %d: %s\n", MYTHREAD, msg);
    upc_global_exit(1);
    for (;;)
        ;
}

int main(void)
{
    double x[8] = {0}, y[8] = {0};
    __extension__ long long big = 1LL << 40;
    __typeof__(big) copy = big;
    int unused_var __attribute__((unused)) = 0;
    long seen;
    int i;

    for (i = 0; i < 8; i++)
        x[i] = i;
    axpy(8, 2.0, x, y);
    if (unlikely(y[7] != 14.0))
        die("axpy is wrong");
    if (likely(MAX(3, clamp(7, 0, 5)) == 5))
        local_counts.hits++;
    else
        local_counts.misses++;

    __sync_fetch_and_add(&atomic_word, 2);
    seen = __atomic_load_n(&atomic_word, __ATOMIC_SEQ_CST);
    global_hits[MYTHREAD] = local_counts.hits + seen - 2;
    renamed_counter += ({ int t = MYTHREAD; t * 0 + 1; });
    upc_barrier;
    if (MYTHREAD == 0) {
        long total = 0;
        for (i = 0; i < THREADS; i++)
            total += global_hits[i];
        printf("syn_gnu_ext: %s (%lld)\n", total == THREADS ? "passed" : "failed", copy >> 40);
    }
    return 0;
}
