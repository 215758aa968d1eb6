// Private arrays of pointers-to-shared and pointers to them.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int a[4 * THREADS];
int main(void)
{
    shared int *ptrs[4];
    shared int **pp = ptrs;
    int i;
    for (i = 0; i < 4; i++)
        ptrs[i] = &a[i * THREADS + MYTHREAD];
    for (i = 0; i < 4; i++)
        *ptrs[i] = i;
    upc_barrier;
    for (i = 0; i < 4; i++) {
        CHECK_EQ(upc_threadof(ptrs[i]), MYTHREAD);
        CHECK_EQ(*pp[i], i);
        CHECK_EQ(a[i * THREADS + MYTHREAD], i);
    }
    pp[0]++;
    CHECK(ptrs[0] == &a[MYTHREAD + 1]);
    ptrs[1] += THREADS;
    CHECK(ptrs[1] == &a[2 * THREADS + MYTHREAD]);
    DONE();
    return 0;
}
