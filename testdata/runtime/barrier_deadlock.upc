// A barrier not every thread reaches: the runtime reports a deadlock instead of hanging.
// threads: 2 4
// expect-error: (?i)deadlock|barrier
#include <upc.h>
int main(void)
{
    if (MYTHREAD != 0)
        upc_barrier;
    return 0;
}
