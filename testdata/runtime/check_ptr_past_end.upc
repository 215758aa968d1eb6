// --check: a write one past the end of an indefinite upc_all_alloc block is a
// fatal out-of-bounds error naming the allocation and the offset.
// check: 1
// expect-error: write of 8 bytes at .*check_ptr_past_end.upc:12 is out of bounds: byte offset 80 in thread 0's part of the 80-byte allocation of upc_all_alloc\(1, 80\) by thread 0 at .*check_ptr_past_end.upc:10, which has 80 bytes there, offsets 0 to 79 \(past its end\)
#include <upc.h>
#include <stdio.h>
int main(void)
{
    int i = 10;
    shared [] double *p = upc_all_alloc(1, 10 * sizeof(double));
    if (MYTHREAD == 0)
        p[i] = 1.0;
    upc_barrier;
    printf("not reached\n");
    return 0;
}
