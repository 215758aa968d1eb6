// The exit status of the program is that of a failing thread.
// threads: 2 3
// expect-status: 5
#include <upc.h>
#include <stdlib.h>
int main(void)
{
    upc_barrier;
    if (MYTHREAD == 1)
        return 5;
    return 0;
}
