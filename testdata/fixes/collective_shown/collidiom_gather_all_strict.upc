// collidiom_gather_all_strict.upc - a gather-all of strict elements inside
// a collective loop, the counter read after the loop: the fix is unsafe
// (the strict reads become the collective's relaxed copy, which the
// ALLSYNC flags order after every thread's earlier writes and before its
// later ones), the loop keeps its counter, and the temporary is allocated
// once and reused by every round.

#include <upc_strict.h>
#include <upc_collective.h>
#include <stdio.h>

#define NR 5

strict shared long stamp[THREADS];

int main(void)
{
    long mine[64], total = 0, want = 0;
    int r, t, n = 0;
    if (THREADS > 64)
        return 0;
    for (r = 0; r < NR; r++) {
        stamp[MYTHREAD] = 100L * r + MYTHREAD * MYTHREAD;
        upc_barrier;
        for (t = 0; t < THREADS; t++)
            mine[t] = stamp[t];
        n += t;
        for (t = 0; t < THREADS; t++) {
            total += mine[(t + MYTHREAD) % THREADS] * (t + 1);
            want += (100L * r + (long)((t + MYTHREAD) % THREADS) * ((t + MYTHREAD) % THREADS)) * (t + 1);
        }
        upc_barrier;
    }
    printf("thread %d: total=%ld n=%d %s\n", MYTHREAD, total, n,
           total == want && n == NR * THREADS ? "OK" : "FAILED");
    return total != want || n != NR * THREADS;
}
