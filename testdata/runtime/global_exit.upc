// upc_global_exit stops every thread with the given status.
// threads: 1 2 4
// expect-status: 3
#include <upc.h>
#include <stdio.h>
int main(void)
{
    if (MYTHREAD == 0)
        upc_global_exit(3);
    upc_barrier; /* the other threads wait here until stopped */
    printf("not reached\n");
    return 0;
}
