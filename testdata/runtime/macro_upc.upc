// Macros that hide UPC statements and shared accesses.
// expect-all: ok
#include <upc.h>
#include "check.h"
#define SYNC() upc_barrier
#define AT(a, i) (a)[(i) % (sizeof(a) / sizeof((a)[0]))]
#define MINE(i) upc_forall (i = 0; i < 2 * THREADS; i++; i)
shared int s[2 * THREADS];
int main(void)
{
    int i;
    MINE(i)
        s[i] = i + 1;
    SYNC();
    for (i = 0; i < 4 * THREADS; i++)
        CHECK_EQ(AT(s, i), i % (2 * THREADS) + 1);
    DONE();
    return 0;
}
