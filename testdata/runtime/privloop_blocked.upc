// The forall fix's two-level loop over block-cyclic arrays (outer stride THREADS*B, inner unit stride
// inside the block), with accesses at the block start, a narrower inner loop, a bound that ends
// inside a block, and an outer start that is not this thread's block.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define N 45
shared [5] int ab[N * THREADS], bb[N * THREADS];
shared [5] char cb[N * THREADS];
shared [3] double db[N * THREADS];
int main(void)
{
    int i, k;
    long sum = 0, want = 0;
    for (long blk = MYTHREAD * 5; blk < N * THREADS; blk += THREADS * 5)
        for (i = blk; i < N * THREADS && i < blk + 5; i++) {
            ab[i] = i;
            bb[i] = 2 * i + 1;
            cb[i] = (char)(i % 90);
        }
    for (long blk = MYTHREAD * 3; blk < N * THREADS; blk += THREADS * 3)
        for (i = blk; i < N * THREADS && i < blk + 3; i++)
            db[i] = i * 0.5;
    upc_barrier;
    for (k = 0; k < N * THREADS; k++) {
        CHECK_EQ(ab[k], k);
        CHECK_EQ(bb[k], 2 * k + 1);
        CHECK_EQ(cb[k], k % 90);
        CHECK(db[k] == k * 0.5);
    }
    upc_barrier;

    /* block starts and a narrower inner loop; a bound inside a block */
    for (long blk = MYTHREAD * 5; blk < N * THREADS - 7; blk += THREADS * 5) {
        sum += ab[blk] + 10 * ab[blk + 4];
        for (i = blk; i < N * THREADS - 7 && i < blk + 3; i++) {
            ab[i] += bb[i] + cb[i];
            sum += ab[i];
        }
    }
    CHECK(i <= N * THREADS - 7);
    for (k = 0; k < N * THREADS - 7; k++) {
        if (k / 5 % THREADS != MYTHREAD)
            continue;
        if (k % 5 == 0)
            want += k + 10 * (k + 4);
        if (k % 5 < 3)
            want += k + 2 * k + 1 + k % 90;
    }
    CHECK_EQ(sum, want);
    upc_barrier;
    for (k = 0; k < N * THREADS; k++)
        CHECK_EQ(ab[k], k < N * THREADS - 7 && k % 5 < 3 ? k + 2 * k + 1 + k % 90 : k);
    upc_barrier;

    /* the next thread's blocks */
    sum = want = 0;
    for (long blk = (MYTHREAD + 1) % THREADS * 5; blk < N * THREADS; blk += THREADS * 5)
        for (i = blk; i < N * THREADS && i < blk + 5; i++)
            sum += bb[i];
    for (k = 0; k < N * THREADS; k++)
        if (k / 5 % THREADS == (MYTHREAD + 1) % THREADS)
            want += 2 * k + 1;
    CHECK_EQ(sum, want);

    /* downwards over a block size of 3 */
    double dsum = 0, dwant = 0;
    for (long blk = ((N * THREADS - 1) / 3 - ((N * THREADS - 1) / 3 - MYTHREAD) % THREADS) * 3; blk >= 0; blk -= THREADS * 3)
        for (i = blk; i < blk + 3; i++)
            dsum += db[i];
    for (k = 0; k < N * THREADS; k++)
        if (k / 3 % THREADS == MYTHREAD)
            dwant += k * 0.5;
    CHECK(dsum == dwant);
    DONE();
    return 0;
}
