// A thread that crashes (null local pointer) is reported with its signal.
// expect-error: (?i)crash|SIGSEGV|signal
#include <upc.h>
int main(void)
{
    volatile int *p = 0;
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        *p = 1;
    upc_barrier;
    return 0;
}
