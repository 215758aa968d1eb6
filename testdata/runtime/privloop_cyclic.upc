// Loops that step by THREADS over cyclic arrays (the forall fix's shape): starts on this thread, on
// another thread and in the MOD form, reads, writes, compound assignments, offsets, break, continue,
// downward loops, and the loop variable after the loop.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define N 50
shared int a[N * THREADS], b[N * THREADS];
shared double x[N * THREADS];
shared long cnt[THREADS];
int main(void)
{
    int i, k, n = 0, brk = -1;
    long sum = 0, want = 0;
    unsigned u;
    double dsum = 0, dwant = 0;
    for (i = MYTHREAD; i < N * THREADS; i += THREADS) {
        a[i] = 3 * i;
        b[i] = i % 11;
        x[i] = i / 4.0;
    }
    upc_barrier;
    for (k = 0; k < N * THREADS; k++)
        CHECK_EQ(a[k], 3 * k);
    upc_barrier;

    /* compound assignment, increments, values used */
    for (i = MYTHREAD; i < N * THREADS; i += THREADS) {
        a[i] += b[i];
        n += a[i]++;
        n -= --b[i];
    }
    CHECK_EQ(i, N * THREADS + MYTHREAD);
    for (k = MYTHREAD, want = 0; k < N * THREADS; k += THREADS)
        want += 3 * k + k % 11 - (k % 11 - 1);
    CHECK_EQ(n, want);
    upc_barrier;
    for (k = 0; k < N * THREADS; k++) {
        CHECK_EQ(a[k], 3 * k + k % 11 + 1);
        CHECK_EQ(b[k], k % 11 - 1);
    }
    upc_barrier;

    /* MOD start from 7, <=, continue and break; i is live after the loop */
    for (i = 7 + ((MYTHREAD - 7) % THREADS + THREADS) % THREADS; i <= N * THREADS - 2; i += THREADS) {
        if (b[i] == 3)
            continue;
        if (a[i] > 3 * N * THREADS / 2) {
            brk = i;
            break;
        }
        sum += a[i];
    }
    for (k = 7, want = 0; k <= N * THREADS - 2; k++) {
        if (k % THREADS != MYTHREAD || k % 11 - 1 == 3)
            continue;
        if (3 * k + k % 11 + 1 > 3 * N * THREADS / 2)
            break;
        want += 3 * k + k % 11 + 1;
    }
    CHECK_EQ(sum, want);
    CHECK(brk == -1 || brk == i);
    CHECK(i % THREADS == MYTHREAD);

    /* another thread's elements, and offsets */
    sum = want = 0;
    for (i = (MYTHREAD + 1) % THREADS; i < N * THREADS; i += THREADS)
        sum += b[i];
    for (i = MYTHREAD; i < N * THREADS - 8; i += THREADS)
        sum += a[i + 4] - a[i + 8];
    for (i = MYTHREAD + 8; i < N * THREADS; i += THREADS)
        sum += b[i - 8];
    for (k = (MYTHREAD + 1) % THREADS; k < N * THREADS; k += THREADS)
        want += k % 11 - 1;
    for (k = MYTHREAD; k < N * THREADS - 8; k += THREADS)
        want += (3 * (k + 4) + (k + 4) % 11 + 1) - (3 * (k + 8) + (k + 8) % 11 + 1);
    for (k = MYTHREAD + 8; k < N * THREADS; k += THREADS)
        want += (k - 8) % 11 - 1;
    CHECK_EQ(sum, want);

    /* invariant offsets: the same thread's next elements */
    sum = want = 0;
    n = 2;
    for (i = MYTHREAD; i < (N - 2) * THREADS; i += THREADS)
        sum += a[i + THREADS] - b[n * THREADS + i];
    for (k = MYTHREAD; k < (N - 2) * THREADS; k += THREADS)
        want += (3 * (k + THREADS) + (k + THREADS) % 11 + 1) - ((k + 2 * THREADS) % 11 - 1);
    CHECK_EQ(sum, want);

    /* downwards, with a double array and an unsigned variable */
    for (i = N * THREADS - 1 - ((N * THREADS - 1 - MYTHREAD) % THREADS); i >= 0; i -= THREADS)
        dsum += x[i];
    CHECK(i < 0 && i >= -THREADS);
    for (u = MYTHREAD; u < N; u += THREADS)
        x[u] = x[u] * 2;
    for (k = MYTHREAD; k < N * THREADS; k += THREADS)
        dwant += k / 4.0;
    CHECK(dsum == dwant);
    upc_barrier;
    for (k = 0; k < N * THREADS; k++)
        CHECK(x[k] == (k < N ? k / 2.0 : k / 4.0));

    /* the fix's loop for upc_forall (i = 3; ...; &b[i + 2]): b[i + 2] is this thread's */
    upc_barrier;
    n = 0;
    for (i = 3 + ((MYTHREAD - 5) % THREADS + THREADS) % THREADS; i < N * THREADS - 2; i += THREADS) {
        b[i + 2] += 7;
        n++;
    }
    for (k = 3, want = 0; k < N * THREADS - 2; k++)
        if ((k + 2) % THREADS == MYTHREAD)
            want++;
    CHECK_EQ(n, want);
    upc_barrier;
    for (k = 0; k < N * THREADS; k++)
        CHECK_EQ(b[k], k % 11 - 1 + (k >= 5 ? 7 : 0));

    /* a shared counter per thread, incremented in the loop */
    for (i = MYTHREAD; i < 10 * THREADS; i += THREADS)
        cnt[i % THREADS]++;
    upc_barrier;
    CHECK_EQ(cnt[MYTHREAD], 10);
    DONE();
    return 0;
}
