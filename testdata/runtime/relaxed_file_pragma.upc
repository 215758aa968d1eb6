// #pragma upc strict at file scope, then relaxed again.
// expect-all: ok
#include <upc.h>
#include "check.h"
#pragma upc strict
shared int f1[THREADS];
static void strict_part(void) { f1[MYTHREAD] = 1; }
#pragma upc relaxed
static void relaxed_part(void) { f1[MYTHREAD] += 1; }
int main(void)
{
    strict_part();
    relaxed_part();
    upc_barrier;
    CHECK_EQ(f1[(MYTHREAD + 1) % THREADS], 2);
    DONE();
    return 0;
}
