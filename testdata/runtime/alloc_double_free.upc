// Freeing twice is reported.
// threads: 1 2
// expect-error: (?i)free
#include <upc.h>
int main(void)
{
    shared [] int *p = (shared [] int *)upc_alloc(64);
    upc_free(p);
    upc_free(p);
    return 0;
}
