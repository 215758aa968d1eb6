// A collective between upc_notify and upc_wait is an error.
// expect-error: split-phase|between
#include <upc.h>
#include <upc_collective.h>
shared int s[THREADS], d[THREADS];
int main(void)
{
    upc_notify;
    upc_all_broadcast(d, s, sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_wait;
    return 0;
}
