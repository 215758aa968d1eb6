// upc_lock of a lock the thread already holds is an error.
// expect-error: (?i)hold|already
#include <upc.h>
int main(void)
{
    upc_lock_t *l = upc_global_lock_alloc();
    upc_lock(l);
    upc_lock(l);
    return 0;
}
