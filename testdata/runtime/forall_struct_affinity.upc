// upc_forall whose affinity is a struct member address.
// expect-all: ok
#include <upc.h>
#include "check.h"
struct rec { int a; double b; };
shared struct rec r[3 * THREADS];
int main(void)
{
    int i;
    upc_forall (i = 0; i < 3 * THREADS; i++; &r[i].b)
        r[i].a = MYTHREAD;
    upc_barrier;
    for (i = 0; i < 3 * THREADS; i++)
        CHECK_EQ(r[i].a, i % THREADS);
    DONE();
    return 0;
}
