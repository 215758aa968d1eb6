// Using a freed lock is an error.
// expect-error: (?i)free
#include <upc.h>
int main(void)
{
    upc_lock_t *l = upc_global_lock_alloc();
    upc_lock_free(l);
    upc_lock(l);
    return 0;
}
