// Loops over an indefinite array (all of it on thread 0): the forall fix's shape (one affinity test
// before the loop), and every thread reading it.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define N 40
shared [] int d[N];
shared [] double e[N];
int main(void)
{
    int i, k;
    long sum = 0;
    double esum = 0;
    if (upc_threadof(&d[0]) == MYTHREAD)
        for (i = 0; i < N; i++) {
            d[i] = 2 * i;
            e[i] = i + 0.25;
        }
    upc_barrier;
    if (upc_threadof(&d[0]) == MYTHREAD)
        for (i = 0; i < N; i++)
            d[i] = 3 * d[i] + 1;
    upc_barrier;
    for (i = N - 1; i >= 0; i--) {
        if (d[i] < 10)
            break;
        sum += d[i];
        esum += e[N - 1 - i];
    }
    CHECK_EQ(i, 1);
    for (k = 0; k < N; k++)
        CHECK_EQ(d[k], 6 * k + 1);
    CHECK_EQ(sum, 3 * (N * (N - 1) - 2) + N - 2);
    CHECK(esum == (N - 2) * (N - 3) / 2.0 + 0.25 * (N - 2));
    DONE();
    return 0;
}
