/* <upc_castable.h>: ask which threads' memory can be reached with local pointers. */
#include <upc.h>
#include <upc_castable.h>
#include <stdio.h>

shared double cells[THREADS];

int main(void)
{
    int t, direct = 0;
    double *p;
    upc_thread_info_t info;

    cells[MYTHREAD] = MYTHREAD * 0.5;
    upc_barrier;

    for (t = 0; t < THREADS; t++) {
        info = upc_thread_info((size_t)t);
        if (info.guaranteedCastable & UPC_CASTABLE_STATIC) {
            p = (double *)upc_cast(&cells[t]);
            if (p != NULL && *p == t * 0.5)
                direct++;
        } else if ((info.probablyCastable & UPC_CASTABLE_ALL) == UPC_CASTABLE_ALL) {
            p = upc_cast(&cells[t]);
            if (p)
                direct++;
        }
    }
    /* my own cell is always castable */
    p = upc_cast(&cells[MYTHREAD]);
    printf("thread %d: %d threads directly reachable; test_castable %s\n", MYTHREAD, direct,
           p != NULL && *p == MYTHREAD * 0.5 ? "passed" : "failed");
    return 0;
}
