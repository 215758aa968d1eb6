// collidiom_reduce_split_barrier.upc - Berkeley's barrier tests: a function
// that uses split barriers (upc_notify ... upc_wait) sums the error flags of
// all threads on thread 0 at the end. No collective may be inserted there
// (it could fall between a notify and its wait), but the pipelined reads are
// no collective: the flags are fetched with non-blocking gets.

#include <upc_relaxed.h>
#include <stdio.h>

shared int err[THREADS];
shared int data[THREADS];

int main(void)
{
    int i, error = 0;
    data[MYTHREAD] = MYTHREAD + 1;
    upc_notify 1;
    err[MYTHREAD] = 0;
    upc_wait 1;
    if (data[(MYTHREAD + 1) % THREADS] != (MYTHREAD + 1) % THREADS + 1)
        err[MYTHREAD] = 1;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            error += err[i];
        printf("%s: %d errors\n", error ? "FAILED" : "passed", error);
    }
    return 0;
}
