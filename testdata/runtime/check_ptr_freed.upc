// --check: reading memory after upc_all_free is a fatal use-after-free error
// naming where it was allocated and freed.
// check: 1
// expect-error: read of 4 bytes at .*check_ptr_freed.upc:15: use after free of the 40-byte allocation of upc_all_alloc\(1, 40\) by thread 0 at .*check_ptr_freed.upc:10, freed by thread 0 at .*check_ptr_freed.upc:12
#include <upc.h>
#include <stdio.h>
int main(void)
{
    int x = 0;
    shared [] int *p = upc_all_alloc(1, 10 * sizeof(int));
    p[MYTHREAD % 10] = 1;
    upc_all_free(p); /* thread 0 frees once every thread has entered */
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        x = p[3];
    printf("not reached %d\n", x);
    return 0;
}
