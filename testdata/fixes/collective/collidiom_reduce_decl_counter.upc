// collidiom_reduce_decl_counter.upc - Berkeley's lock test tallies its
// errors: thread 0 sums one flag per thread in a loop that declares its
// own counter (for (int i = ...)), and other loops of the function use
// another i. The loop of pipelined gets the fix puts before it repeats
// its header, declaration included: no i outlives either loop.

#include <upc_relaxed.h>
#include <stdio.h>

shared int errs[THREADS];

int main(void)
{
    errs[MYTHREAD] = MYTHREAD % 3 == 1;
    upc_barrier;
    if (MYTHREAD == 0) {
        int numerrs = 0;
        for (int i = 0; i < THREADS; i++) {
            numerrs += errs[i];
        }
        if (numerrs == 0) printf(" passed\n");
        else printf(" FAILED: %i errors\n", numerrs);
    }
    upc_barrier;
    for (int i = 0; i < 4; i++)
        if (MYTHREAD == i % THREADS)
            printf("thread %d: round %d\n", MYTHREAD, i);
    return 0;
}
