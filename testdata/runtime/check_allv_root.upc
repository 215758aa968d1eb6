// --check: an all-value collective with a root that differs between threads is reported.
// check: 1
// threads: 2 4
// expect-error: collective
#include <upc.h>
#include <bupc_collectivev.h>
int main(void)
{
    return bupc_allv_broadcast(int, 1, MYTHREAD % 2) - 1;
}
