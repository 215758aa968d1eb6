// collidiom_gather_pipelined.upc - thread 0 reads one double of every
// thread into a private array of the same type: the reads become
// pipelined non-blocking gets (no collective, so no other thread takes
// part).

#include <upc_relaxed.h>
#include <stdio.h>

shared double val[THREADS];

int main(void)
{
    double got[64];
    int t, iter;
    double sum = 0;
    for (iter = 0; iter < 3; iter++) {
        val[MYTHREAD] = MYTHREAD * 1.5 + iter;
        upc_barrier;
        if (MYTHREAD == 0) {
            for (t = 0; t < THREADS; t++)
                got[t] = val[t];
            for (t = 0; t < THREADS; t++)
                sum += got[t];
        }
        upc_barrier;
    }
    if (MYTHREAD == 0)
        printf("sum=%.1f OK\n", sum);
    return 0;
}
