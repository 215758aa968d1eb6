#include <upc.h>
/* a double free in a unit without main: the report names this file */
void bad(void)
{
    shared int *p = upc_alloc(sizeof(int));
    upc_free(p);
    upc_free(p);
}
