// --check: a upc_memget whose source range runs past the end of an allocation
// is a fatal out-of-bounds error.
// check: 1
// expect-error: upc_memget source of 16 bytes at .*check_ptr_memget.upc:15 is out of bounds: byte offset 90 .*upc_global_alloc\(1, 100\).*past its end
#include <upc.h>
#include <stdio.h>
shared [] char *shared p;
int main(void)
{
    char buf[16];
    if (MYTHREAD == 0)
        p = upc_global_alloc(1, 100);
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        upc_memget(buf, p + 90, sizeof buf);
    upc_barrier;
    printf("not reached\n");
    return 0;
}
