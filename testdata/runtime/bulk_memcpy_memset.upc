// upc_memcpy between threads and upc_memset.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define B 16
shared [B] char src[B * THREADS];
shared [B] char dst[B * THREADS];
int main(void)
{
    int i, from = (MYTHREAD + 1) % THREADS;
    upc_memset(&src[B * MYTHREAD], 'a' + MYTHREAD, B);
    upc_barrier;
    upc_memcpy(&dst[B * MYTHREAD], &src[B * from], B);
    upc_barrier;
    for (i = 0; i < B; i++)
        CHECK_EQ(dst[B * MYTHREAD + i], 'a' + from);
    DONE();
    return 0;
}
