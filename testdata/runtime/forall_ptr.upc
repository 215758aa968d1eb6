// upc_forall with pointer-to-shared affinity over blocked, cyclic and indefinite arrays.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [3] int b[4 * THREADS];
shared int c[4 * THREADS];
shared [] int d[10];
int main(void)
{
    int i, n = 0;
    upc_forall (i = 0; i < 4 * THREADS; i++; &b[i])
        b[i] = MYTHREAD;
    upc_forall (i = 0; i < 4 * THREADS; i++; &c[i])
        c[i] = MYTHREAD;
    upc_forall (i = 0; i < 10; i++; &d[i])
        n++;
    upc_barrier;
    for (i = 0; i < 4 * THREADS; i++) {
        CHECK_EQ(b[i], (i / 3) % THREADS);
        CHECK_EQ(c[i], i % THREADS);
    }
    CHECK_EQ(n, MYTHREAD == 0 ? 10 : 0);
    n = 0;
    upc_forall (i = 0; i < 4 * THREADS; i++; b + i)
        n++;
    CHECK_EQ(upc_localsizeof(b) >= n * sizeof(int), 1);
    DONE();
    return 0;
}
