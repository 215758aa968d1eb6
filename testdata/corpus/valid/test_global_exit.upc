/* upc_global_exit from one thread ends the program on all threads; the others
   wait at a barrier that never completes. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

shared int ready;

int main(int argc, char **argv)
{
    int code = argc > 1 ? atoi(argv[1]) : 0;

    if (MYTHREAD == 0)
        ready = 1;
    upc_barrier 1;
    if (MYTHREAD == THREADS - 1) {
        printf("test_global_exit: passed (exiting with %d)\n", code);
        fflush(stdout);
        upc_global_exit(code);
    }
    upc_barrier 2;             /* not reached by the last thread */
    printf("thread %d: should not get here\n", MYTHREAD);
    return 1;
}
