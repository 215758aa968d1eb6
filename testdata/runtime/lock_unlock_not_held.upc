// Unlocking a lock the thread does not hold is reported.
// threads: 1 2
// expect-error: (?i)unlock|held
#include <upc.h>
int main(void)
{
    upc_lock_t *l = upc_all_lock_alloc();
    upc_unlock(l);
    return 0;
}
