// bupc_dump_shared, bupc_local_to_shared, bupc_inverse_cast.
// expect-all: ok
#include <upc.h>
#include <string.h>
#include <bupc_extensions.h>
#include "check.h"
shared int a[THREADS];
int main(void)
{
    char buf[128];
    int *lp = (int *)&a[MYTHREAD];
    shared int *p = bupc_local_to_shared(lp, MYTHREAD, 0);
    CHECK(p == &a[MYTHREAD]);
    CHECK(bupc_inverse_cast(lp) == &a[MYTHREAD]);
    CHECK_EQ(bupc_dump_shared(&a[MYTHREAD], buf, sizeof buf), 0);
    CHECK(strstr(buf, "thread=") != NULL);
    CHECK(bupc_local_to_shared(buf, MYTHREAD, 0) == NULL);
    DONE();
    return 0;
}
