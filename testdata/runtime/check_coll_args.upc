// --check: a collective called with different (non-single-valued) arguments is reported.
// check: 1
// threads: 2 3 4
// expect-error: collective
#include <upc.h>
#include <upc_collective.h>
shared int src[THREADS], dst[THREADS];
int main(void)
{
    upc_all_broadcast(dst, src, MYTHREAD == 0 ? sizeof(int) : 2 * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    return 0;
}
