// --check: running past the last block of a blocked allocation wraps to
// thread 0 beyond its part: a fatal out-of-bounds error.
// check: 1
// expect-error: write of 4 bytes at .*check_ptr_blocked.upc:12 is out of bounds: byte offset 20 in thread 0's part of the [0-9]+-byte allocation of upc_all_alloc\([0-9]+, 16\).*past its end
#include <upc.h>
#include <stdio.h>
int main(void)
{
    shared [4] int *q = upc_all_alloc(THREADS, 4 * sizeof(int));
    int n = 4 * THREADS + 1;
    if (MYTHREAD == THREADS - 1)
        q[n] = 7;
    upc_barrier;
    printf("not reached\n");
    return 0;
}
