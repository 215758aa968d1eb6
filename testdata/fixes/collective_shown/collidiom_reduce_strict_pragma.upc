// collidiom_reduce_strict_pragma.upc - thread 0 sums one flag per thread in a
// file that includes <upc_strict.h>: the flags are accessed strictly (their
// type is qualified neither strict nor relaxed), so the reads are not turned
// into relaxed non-blocking gets; the collective is shown, not applied.

#include <upc_strict.h>
#include <stdio.h>

shared int errs[THREADS];

int main(void)
{
    int t;
    errs[MYTHREAD] = MYTHREAD % 2;
    upc_barrier;
    if (MYTHREAD == 0) {
        int n = 0;
        for (t = 0; t < THREADS; t++)
            n += errs[t];
        printf("%d odd threads\n", n);
    }
    return 0;
}
