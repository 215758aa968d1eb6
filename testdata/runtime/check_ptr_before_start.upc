// --check: reading the element before the start of an allocation (here from
// the last thread, a remote read when THREADS > 1) is a fatal error.
// check: 1
// expect-error: thread [0-9]+: read of 4 bytes at .*check_ptr_before_start.upc:1[34] is out of bounds: byte offset -4 .*upc_all_alloc\(1, 40\).*before its start
#include <upc.h>
#include <stdio.h>
int main(void)
{
    shared [] int *p = upc_all_alloc(1, 10 * sizeof(int));
    shared [] int *r = p + 1;
    int x = 0;
    if (MYTHREAD == THREADS - 1)
        x = r[-2];
    printf("not reached %d\n", x);
    return 0;
}
