// The two-level loops the forall fix emits for block-cyclic arrays when the start is not 0, when it is
// a variable, downwards, and for an affinity &a[i + 2]: the inner loop's start clamps to the block.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define N 60
shared [4] int a[N * THREADS];
int owner(int k) { return k / 4 % THREADS; }
int main(void)
{
    int i, k, lo = 7, mine = 0;
    long sum = 0, want = 0;
    /* upc_forall (i = 3; i < N; i++; &a[i]) a[i] = 10 * i; */
    for (long i_blk = MYTHREAD * 4; i_blk < N; i_blk += THREADS * 4)
        for (i = 3 + (i_blk > 3 ? i_blk - 3 : 0); i < N && i < i_blk + 4; i++)
            a[i] = 10 * i;
    /* upc_forall (i = lo; i < N; i++; &a[i]) sum += a[i]; */
    for (long i_blk = (lo / 4 + ((MYTHREAD - (lo / 4)) % THREADS + THREADS) % THREADS) * 4; i_blk < N; i_blk += THREADS * 4)
        for (i = lo + (i_blk > lo ? i_blk - lo : 0); i < N && i < i_blk + 4; i++)
            sum += a[i];
    for (k = lo; k < N; k++)
        if (owner(k) == MYTHREAD)
            want += 10 * k;
    CHECK_EQ(sum, want);
    /* upc_forall (i = N - 1; i >= 0; i--; &a[i]) a[i] += 1; */
    for (long i_blk = ((N - 1) / 4 - (((N - 1) / 4 - MYTHREAD) % THREADS + THREADS) % THREADS) * 4; i_blk + 3 >= 0; i_blk -= THREADS * 4)
        for (i = N - 1 - (i_blk + 3 < (N - 1) ? (N - 1) - (i_blk + 3) : 0); i >= 0 && i >= i_blk; i--)
            a[i] += 1;
    /* upc_forall (i = 5; i < N - 2; i++; &a[i + 2]) a[i + 2] += 100; */
    for (long i_blk = MYTHREAD * 4 - 2; i_blk < N - 2; i_blk += THREADS * 4)
        for (i = 5 + (i_blk > 5 ? i_blk - 5 : 0); i < N - 2 && i < i_blk + 4; i++) {
            a[i + 2] += 100;
            mine++;
        }
    for (k = 5; k < N - 2; k++)
        if (owner(k + 2) == MYTHREAD)
            mine--;
    CHECK_EQ(mine, 0);
    upc_barrier;
    for (k = 0; k < N; k++)
        CHECK_EQ(a[k], (k >= 3 ? 10 * k : 0) + 1 + (k >= 7 ? 100 : 0));
    DONE();
    return 0;
}
