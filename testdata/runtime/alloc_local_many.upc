// upc_alloc / upc_free in a loop with varying sizes; data has local affinity.
// expect-all: ok
#include <upc.h>
#include "check.h"
int main(void)
{
    int k, i;
    for (k = 1; k < 200; k += 7) {
        shared [] int *p = (shared [] int *)upc_alloc(k * sizeof(int));
        CHECK_EQ(upc_threadof(p), MYTHREAD);
        for (i = 0; i < k; i++)
            p[i] = i * k;
        CHECK_EQ(p[k - 1], (k - 1) * k);
        upc_free(p);
    }
    upc_free(NULL);
    DONE();
    return 0;
}
