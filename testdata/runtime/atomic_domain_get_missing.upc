// upc_atomic with an operation not in the domain's ops (UPC_GET on a UPC_ADD domain) is an error (UPC 1.3 atomics: undefined).
// expect-error: atomic-op|not in the atomicity domain
#include <upc.h>
#include <upc_atomic.h>
shared long c;
int main(void)
{
    upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD, 0);
    long v, one = 1;
    upc_atomic_relaxed(d, NULL, UPC_ADD, &c, &one, NULL);
    upc_atomic_strict(d, &v, UPC_GET, &c, NULL, NULL);
    return (int)v;
}
