// structfield.upc - stream and random reads of several fields of one shared
// struct element (seed 000, Listing 5, section 6.4 "Microbenchmarks", Figures 6-8).
//
// The seed's microbenchmark, variation (iii) (Listing 5):
//     typedef struct data { double var0, var1, var2, var3; } data_t;
//     shared data_t Table[SIZE];
//     for (i = MYTHREAD; i < SIZE-1; i += THREADS) {
//         result0 = Table[i+1].var0 + Table[i+1].var1;
//         result1 = Table[i+1].var2 + Table[i+1].var3;
//     }
// Table[i+1] lives on the next thread, and the four fields of one element are
// four separate remote gets that static coalescing merges into one (same
// base, same index, same element size, different offsets). The seed reports
// 3.1x-6.7x for the stream variations and 3.2x-21.6x for the random ones,
// static coalescing adding 10% (stream) to 25% (random) over aggregation
// alone. This file has variations (i) two fields, stream; (iii) four fields,
// stream; (iv) four fields, random. The listing assigns result0/result1; the
// kernel accumulates them so the whole loop is checked.
//
// The random variation indexes the table through a private index array: the
// index is not affine, so the loop cannot be coalesced as a whole (that is the
// inspector-executor, runtime aggregation, case of the seed), but the four
// fields of Table[idx[k]] are one element in each iteration: the finegrain
// rule's struct element coalescing copies it with one transfer per iteration.
//
// Under dynamic THREADS a distributed array must mention THREADS in one
// dimension (UPC 1.3 6.5.2.1): Table has room for SIZE*THREADS elements and
// the kernel uses the first SIZE, the layout of the seed's `Table[SIZE]`.
// The result does not depend on THREADS.
//
// Run: upcc -o structfield structfield.upc && upcrun -n 4 ./structfield
//      gupc -o structfield structfield.upc && ./structfield -n 4
// Prints "structfield: stream2=<sum> stream4=<sum> random4=<sum> OK" from thread 0.
//
// expect: finegrain

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#ifndef SIZE
#define SIZE 32768
#endif

typedef struct data {
    double var0;
    double var1;
    double var2;
    double var3;
} data_t;

shared data_t Table[SIZE * THREADS];

shared long part[THREADS];
shared long total;

static double field(uint64_t i, int f) { return (double)((i * (2 * f + 3) + f) % 101); }

static uint64_t random_index(uint64_t i)
{
    uint64_t x = i * 6364136223846793005ULL + 1442695040888963407ULL;
    x ^= x >> 29;
    return x % SIZE;
}

/* Sum of v over all threads; the result is valid on thread 0. */
static long sum_all(long v)
{
    long r = 0;
    part[MYTHREAD] = v;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        r = total;
    return r;
}

double bench_stream_2_fields(void)
{
    uint64_t i;
    double result0 = 0.0;
    for (i = MYTHREAD; i < SIZE - 1; i += THREADS)
        result0 += Table[i + 1].var0 + Table[i + 1].var1; // want "remote"
    return result0;
}

double bench_stream_4_fields(void)
{
    uint64_t i;
    double result0 = 0.0, result1 = 0.0;
    for (i = MYTHREAD; i < SIZE - 1; i += THREADS) {
        result0 += Table[i + 1].var0 + Table[i + 1].var1; // want "remote"
        result1 += Table[i + 1].var2 + Table[i + 1].var3;
    }
    return result0 + result1;
}

double bench_random_4_fields(const uint64_t *idx)
{
    uint64_t i, k;
    double result0 = 0.0, result1 = 0.0;
    for (i = MYTHREAD, k = 0; i < SIZE - 1; i += THREADS, k++) {
        result0 += Table[idx[k]].var0 + Table[idx[k]].var1; // want "fields of Table\\[idx\\[k\\]\\]"
        result1 += Table[idx[k]].var2 + Table[idx[k]].var3;
    }
    return result0 + result1;
}

int main(void)
{
    uint64_t i, k;
    uint64_t mine = (SIZE - MYTHREAD + THREADS - 1) / THREADS;
    data_t *tl = (data_t *)&Table[MYTHREAD];
    uint64_t *idx = malloc(sizeof(uint64_t) * (mine + 1));
    long s2, s4, r4, ref2 = 0, ref4 = 0, refr = 0;

    for (k = 0; k < mine; k++) {
        i = MYTHREAD + k * THREADS;
        tl[k].var0 = field(i, 0);
        tl[k].var1 = field(i, 1);
        tl[k].var2 = field(i, 2);
        tl[k].var3 = field(i, 3);
    }
    for (i = MYTHREAD, k = 0; i < SIZE - 1; i += THREADS, k++)
        idx[k] = random_index(i);
    upc_barrier;

    s2 = sum_all((long)bench_stream_2_fields());
    s4 = sum_all((long)bench_stream_4_fields());
    r4 = sum_all((long)bench_random_4_fields(idx));
    if (MYTHREAD == 0) {
        int ok;
        for (i = 0; i < SIZE - 1; i++) {
            ref2 += (long)(field(i + 1, 0) + field(i + 1, 1));
            ref4 += (long)(field(i + 1, 0) + field(i + 1, 1) + field(i + 1, 2) + field(i + 1, 3));
            k = random_index(i);
            refr += (long)(field(k, 0) + field(k, 1) + field(k, 2) + field(k, 3));
        }
        ok = s2 == ref2 && s4 == ref4 && r4 == refr;
        printf("structfield: stream2=%ld stream4=%ld random4=%ld %s\n", s2, s4, r4,
               ok ? "OK" : "FAILED");
        if (!ok)
            return 1;
    }
    free(idx);
    return 0;
}
