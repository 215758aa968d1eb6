// Syncing a non-blocking handle twice is an error.
// expect-error: handle
#include <upc.h>
#include <upc_nb.h>
shared int a[THREADS];
int main(void)
{
    int x = 1;
    upc_handle_t h = upc_memput_nb(&a[MYTHREAD], &x, sizeof x);
    upc_sync(h);
    upc_sync(h);
    return 0;
}
