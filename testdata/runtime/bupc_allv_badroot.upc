// An all-value broadcast from a thread that does not exist is an error.
// expect-error: thread
#include <upc.h>
#include <bupc_collectivev.h>
int main(void)
{
    int v = bupc_allv_broadcast(int, 1, THREADS);
    return v;
}
