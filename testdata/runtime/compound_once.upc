// Compound assignments, ++ and -- on shared lvalues evaluate the address once.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int a[8 * THREADS];
shared double d[THREADS];
shared [2] int *shared pp;
static int calls;
static int idx(int i) { calls++; return i; }
int main(void)
{
    int i, v;
    if (MYTHREAD == 0) {
        for (i = 0; i < 8 * THREADS; i++)
            a[i] = i;
        calls = 0;
        a[idx(3)] += 10;
        CHECK_EQ(calls, 1);
        CHECK_EQ(a[3], 13);
        a[idx(4)]++;
        ++a[idx(5)];
        a[idx(6)]--;
        CHECK_EQ(calls, 4);
        CHECK_EQ(a[4], 5);
        CHECK_EQ(a[5], 6);
        CHECK_EQ(a[6], 5);
        i = 1;
        a[i++] *= 3;
        CHECK_EQ(i, 2);
        CHECK_EQ(a[1], 3);
        v = a[idx(7)]++;
        CHECK_EQ(v, 7);
        CHECK_EQ(a[7], 8);
        v = ++a[idx(7)];
        CHECK_EQ(v, 9);
        v = (a[0] = 5) + 1;
        CHECK_EQ(v, 6);
        CHECK_EQ(a[0], 5);
        a[0] <<= 2;
        a[0] |= 1;
        a[0] ^= 3;
        CHECK_EQ(a[0], ((5 << 2) | 1) ^ 3);
        a[0] %= 7;
        CHECK_EQ(a[0], (((5 << 2) | 1) ^ 3) % 7);
        v = a[1] = a[2] = 77;
        CHECK(v == 77 && a[1] == 77 && a[2] == 77);
    }
    d[MYTHREAD] = 1.5;
    d[MYTHREAD] *= 2;
    d[MYTHREAD] -= 0.5;
    CHECK(d[MYTHREAD] == 2.5);
    upc_barrier;
    DONE();
    return 0;
}
