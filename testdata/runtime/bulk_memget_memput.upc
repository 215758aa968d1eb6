// upc_memget and upc_memput of whole blocks.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define B 8
shared [B] int a[B * THREADS];
int main(void)
{
    int buf[B], i, t;
    for (i = 0; i < B; i++)
        buf[i] = MYTHREAD * 100 + i;
    upc_memput(&a[B * MYTHREAD], buf, sizeof buf);
    upc_barrier;
    for (t = 0; t < THREADS; t++) {
        upc_memget(buf, &a[B * t], sizeof buf);
        for (i = 0; i < B; i++)
            CHECK_EQ(buf[i], t * 100 + i);
    }
    DONE();
    return 0;
}
