// barrier_ok.upc - textually different barriers that every thread executes in
// the same sequence (seed 002, section 5.1). Nothing here may be reported.
//
// The seed's collectivity analysis must accept "a barrier in an if then else
// scenario ... as long as both branches of the if invoke the barrier". This
// program has:
//   * an if on MYTHREAD with a barrier in each branch (different statements,
//     same position in every thread's barrier sequence);
//   * the same with a constant barrier id in both branches (single-valued);
//   * a loop whose trip count depends on THREADS only (single-valued), with a
//     barrier inside;
//   * a split-phase barrier (upc_notify / local work / upc_wait) with equal
//     constant ids;
// then each thread checks its neighbour's block with one bulk upc_memget.
//
// Run: upcc -o barrier_ok barrier_ok.upc && upcrun -n 4 ./barrier_ok
//      gupc -o barrier_ok barrier_ok.upc && ./barrier_ok -n 4
// Prints "barrier_ok: phases=4 checksum=<sum> OK" from thread 0; the checksum
// is of one block and does not depend on THREADS.
//
// No expect lines and no wants: no rule may report anything in this file.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

#ifndef BS
#define BS 128
#endif

shared [BS] long data[BS * THREADS];

shared long part[THREADS];
shared long total;

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

static long expected(int k, int rounds)
{
    long v = k % 10 + 1;
    v = k % 2 == 0 ? 2 * v : v + v;
    return v + rounds;
}

int main(void)
{
    long *mine = (long *)&data[MYTHREAD * BS];
    long buf[BS], sum = 0, bad = 0;
    int k, r, rounds = 0, next = (MYTHREAD + 1) % THREADS;

    /* phase 1: thread 0 and the others prepare differently, both barrier */
    if (MYTHREAD == 0) {
        for (k = 0; k < BS; k++)
            mine[k] = k % 10 + 1;
        upc_barrier;
    } else {
        for (k = BS - 1; k >= 0; k--)
            mine[k] = k % 10 + 1;
        upc_barrier;
    }

    /* phase 2: even and odd threads take different paths, same barrier id */
    if (MYTHREAD % 2 == 0) {
        for (k = 0; k < BS; k++)
            mine[k] = k % 2 == 0 ? 2 * mine[k] : mine[k] + mine[k];
        upc_barrier 7;
    } else {
        for (k = 0; k < BS; k++)
            mine[k] = k % 2 == 0 ? mine[k] * 2 : 2 * mine[k];
        upc_barrier 7;
    }

    /* phase 3: log2(THREADS) rounds, the same number on every thread */
    for (r = 1; r < THREADS; r *= 2) {
        rounds++;
        upc_barrier;
    }
    for (k = 0; k < BS; k++)
        mine[k] += rounds;

    /* phase 4: split-phase barrier around purely local work */
    upc_notify 1;
    for (k = 0; k < BS; k++)
        sum += mine[k];
    upc_wait 1;

    upc_memget(buf, &data[next * BS], sizeof(buf));
    for (k = 0; k < BS; k++)
        bad += buf[k] != expected(k, rounds);
    upc_barrier;

    bad = sum_all(bad);
    if (MYTHREAD == 0) {
        long ref = 0;
        for (k = 0; k < BS; k++)
            ref += expected(k, rounds) - rounds;
        sum -= (long)BS * rounds;
        printf("barrier_ok: phases=4 checksum=%ld %s\n", sum, bad == 0 && sum == ref ? "OK" : "FAILED");
        if (bad != 0 || sum != ref)
            return 1;
    }
    return 0;
}
