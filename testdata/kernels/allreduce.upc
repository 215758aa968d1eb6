// allreduce.upc - the allreduce idiom: reduce into a shared scalar, then every
// thread reads it (seed 002, sections 3.2 and 5.2, Figures 1, 10 and 11).
//
// The MPP "allreduce" benchmark (Figure 1):
//     int64 mpp_accum_long(int64 val) {
//         shared static uint64 src[THREADS];
//         shared static uint64 dst;
//         src[MYTHREAD] = val;
//         upc_all_reduceUL(&dst, src, UPC_ADD, THREADS, 1, NULL,
//                          UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
//         return dst;
//     }
// Returning the shared scalar to every thread is a covert broadcast done with
// THREADS point-to-point reads of thread 0's memory: linear in THREADS. The
// xlUPC compiler finds statements executed by all threads that read a shared
// scalar into a private variable or return it (Figure 11, matchPattern) and
// replaces the read by a broadcast (Figure 10); without that the benchmark
// could not run beyond 1024 cores, with it it scaled to 46432 (Figure 6(b)).
// The second function has the assignment form (`ret = dst` into a private).
//
// Every thread contributes the values of a fixed global workload (item k goes
// to thread k % THREADS), so the reduced values do not depend on THREADS.
//
// Run: upcc -o allreduce allreduce.upc && upcrun -n 4 ./allreduce
//      gupc -o allreduce allreduce.upc && ./allreduce -n 4
// Prints "allreduce: sum=<sum> dsum=<sum> OK" from thread 0.
//
// expect: allreduce

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdint.h>

#ifndef ITEMS
#define ITEMS 1000
#endif
#ifndef ITERATIONS
#define ITERATIONS 100
#endif

typedef int64_t int64;
typedef uint64_t uint64;

int64 mpp_accum_long(int64 val)
{
    static shared uint64 src[THREADS];
    static shared uint64 dst;
    src[MYTHREAD] = val;
    upc_all_reduceUL(&dst, src, UPC_ADD, THREADS, 1, NULL,
                     UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return dst; // want "broadcast"
}

shared double dsrc[THREADS];
shared double dsum;

double accum_double(double val)
{
    double ret;
    dsrc[MYTHREAD] = val;
    upc_all_reduceD(&dsum, dsrc, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    ret = dsum; // want "broadcast"
    return ret;
}

static int64 item(int64 k, int iter) { return (k * 7 + iter * 13) % 97; }

int main(void)
{
    int iter;
    int64 k, mine, total = 0, ref = 0, bad = 0, all_bad;
    double dtotal = 0.0;

    for (iter = 0; iter < ITERATIONS; iter++) {
        int64 want = 0, got;
        double dgot;
        mine = 0;
        for (k = MYTHREAD; k < ITEMS; k += THREADS)
            mine += item(k, iter);
        for (k = 0; k < ITEMS; k++)
            want += item(k, iter);
        got = mpp_accum_long(mine);
        dgot = accum_double((double)mine);
        bad += (got != want) + (dgot != (double)want);
        total += got;
        dtotal += dgot;
        ref += want;
    }
    all_bad = mpp_accum_long(bad);   /* the idiom also combines the check */
    if (MYTHREAD == 0) {
        int ok = all_bad == 0 && total == ref && dtotal == (double)ref;
        printf("allreduce: sum=%lld dsum=%.0f %s\n", (long long)total, dtotal,
               ok ? "OK" : "FAILED");
        if (!ok)
            return 1;
    }
    return 0;
}
