// [*] layouts under static THREADS.
// flags: --threads 4
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [*] int s[10];
shared [*] int t[16][3];
int main(void)
{
    int i;
    CHECK_EQ(upc_blocksizeof(s), 3);
    CHECK_EQ(upc_blocksizeof(t), 12);
    for (i = 0; i < 10; i++)
        CHECK_EQ(upc_threadof(&s[i]), i / 3);
    for (i = 0; i < 48; i++)
        CHECK_EQ(upc_threadof(&t[i / 3][i % 3]), i / 12);
    CHECK_EQ(THREADS, 4);
    DONE();
    return 0;
}
