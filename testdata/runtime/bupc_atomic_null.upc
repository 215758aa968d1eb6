// A fixed-type atomic on a null pointer is an error.
// expect-error: atomic-target|null
#include <upc.h>
#include <bupc_extensions.h>
int main(void)
{
    shared int *p = NULL;
    return bupc_atomicI_fetchadd_strict(p, 1);
}
