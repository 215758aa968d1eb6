// Function pointers taking and returning pointers-to-shared.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int a[2 * THREADS];
typedef int (*getter_t)(shared int *p);
static int get(shared int *p) { return *p; }
static int twice(shared int *p) { return 2 * *p; }
static shared int *at(int i) { return &a[i]; }
int main(void)
{
    getter_t fs[2] = {get, twice};
    shared int *(*loc)(int) = at;
    int i;
    a[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    for (i = 0; i < THREADS; i++) {
        CHECK_EQ(fs[0](loc(i)), i + 1);
        CHECK_EQ(fs[1](&a[i]), 2 * (i + 1));
    }
    DONE();
    return 0;
}
