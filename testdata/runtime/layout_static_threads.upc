// Arrays without THREADS in their size under static THREADS.
// flags: --threads 3
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int a[10];
shared [4] int b[3][7];
int main(void)
{
    int i;
    for (i = 0; i < 10; i++)
        CHECK_EQ(upc_threadof(&a[i]), i % 3);
    for (i = 0; i < 21; i++)
        CHECK_EQ(upc_threadof(&b[i / 7][i % 7]), (i / 4) % 3);
    CHECK_EQ(sizeof(a), 10 * sizeof(int));
    CHECK_EQ(upc_localsizeof(a), 4 * sizeof(int));
    CHECK_EQ(upc_localsizeof(b), 8 * sizeof(int));
    DONE();
    return 0;
}
