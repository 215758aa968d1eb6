// upc_forall with integer affinity: iteration i runs on thread i % THREADS.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int who[5 * THREADS];
int main(void)
{
    int i, mine = 0;
    upc_forall (i = 0; i < 5 * THREADS; i++; i) {
        who[i] = MYTHREAD;
        mine++;
    }
    upc_barrier;
    for (i = 0; i < 5 * THREADS; i++)
        CHECK_EQ(who[i], i % THREADS);
    CHECK_EQ(mine, 5);
    upc_forall (i = 0; i < 3 * THREADS; i++; i * 7 + 2)
        CHECK_EQ((i * 7 + 2) % THREADS, MYTHREAD);
    DONE();
    return 0;
}
