// broadcast.upc - hand-written broadcast loops versus upc_all_broadcast
// (seed 002, section 3.2 "Broadcast", Figures 2, 4(b) and 7).
//
// Phase 1 is what UPC programs write by hand: thread 0 stores a value into
// x[t] for every thread t, and copies its block into every thread's block of
// dst, element by element - THREADS (x NELEMS) remote puts issued by one
// thread in sequence. Phase 2 is the MPP broadcast benchmark (Figure 2):
//     upc_all_broadcast(dst, &src[root], nelem * sizeof(uint64),
//                       UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
// with the root changing every iteration (i % THREADS), the collective form
// the fix should produce for phase 1 (src is `shared [] ... [n]` at the root,
// dst is `shared [n] ... [n*THREADS]`). The seed measures the library
// broadcast at up to 46432 cores (Figure 7).
//
// The broadcast values carry the root's id so a wrong root is detected, and
// the printed checksums leave it out: they do not depend on THREADS.
//
// Run: upcc -o broadcast broadcast.upc && upcrun -n 4 ./broadcast
//      gupc -o broadcast broadcast.upc && ./broadcast -n 4
// Prints "broadcast: scalar=<sum> hand=<sum> library=<sum> OK" from thread 0.
//
// expect: collidiom
// expect: finegrain

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#ifndef NELEMS
#define NELEMS 256
#endif
#ifndef ITERATIONS
#define ITERATIONS 8
#endif
#define ROOTMARK 1000000L

shared [NELEMS] long dst[NELEMS * THREADS];
shared [NELEMS] long src[NELEMS * THREADS];
shared long x[THREADS];

shared long part[THREADS];
shared long total;

static long payload(int k, int iter) { return (k * 31L + iter * 17L) % 1000; }

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

/* phase 1: thread 0 hands its values to everybody */
void hand_broadcast_scalar(long v)
{
    int t;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++) // want "upc_all_"
            x[t] = v; /* one element per thread: not finegrain's (nothing to coalesce) */
    }
    upc_barrier;
}

void hand_broadcast_block(void)
{
    int t, k;
    if (MYTHREAD == 0) {
        const long *mine = (const long *)&src[0];
        for (t = 0; t < THREADS; t++) // want "upc_all_"
            for (k = 0; k < NELEMS; k++)
                dst[t * NELEMS + k] = mine[k]; // want "remote"
    }
    upc_barrier;
}

/* phase 2: the library collective (seed 002, Figure 2) */
void mpp_broadcast(int nelem, int root)
{
    upc_all_broadcast(dst, &src[root * NELEMS], nelem * sizeof(long),
                      UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

int main(void)
{
    int iter, k;
    long *mysrc = (long *)&src[MYTHREAD * NELEMS];
    long *mydst = (long *)&dst[MYTHREAD * NELEMS];
    long *myx = (long *)&x[MYTHREAD];
    long scalar = 0, hand = 0, lib = 0, bad = 0, ref = 0;

    for (iter = 0; iter < ITERATIONS; iter++) {
        int root = iter % THREADS;
        for (k = 0; k < NELEMS; k++)
            mysrc[k] = MYTHREAD * ROOTMARK + payload(k, iter);
        upc_barrier;

        hand_broadcast_scalar(payload(iter, iter));
        scalar += *myx;
        bad += *myx != payload(iter, iter);

        hand_broadcast_block();
        for (k = 0; k < NELEMS; k++) {
            hand += mydst[k];
            bad += mydst[k] != payload(k, iter);
        }
        upc_barrier;

        mpp_broadcast(NELEMS, root);
        for (k = 0; k < NELEMS; k++) {
            lib += mydst[k] - root * ROOTMARK;
            bad += mydst[k] != root * ROOTMARK + payload(k, iter);
        }
        upc_barrier;
    }
    for (iter = 0; iter < ITERATIONS; iter++)
        for (k = 0; k < NELEMS; k++)
            ref += payload(k, iter);
    bad = sum_all(bad);
    if (MYTHREAD == 0) {
        int ok = bad == 0 && hand == ref && lib == ref;
        printf("broadcast: scalar=%ld hand=%ld library=%ld %s\n", scalar, hand, lib,
               ok ? "OK" : "FAILED");
        if (!ok)
            return 1;
    }
    return 0;
}
