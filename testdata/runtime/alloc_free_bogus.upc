// upc_free of a pointer that was not allocated is an error.
// expect-error: (?i)alloc|free
#include <upc.h>
shared int x[THREADS];
int main(void)
{
    if (MYTHREAD == 0)
        upc_free(&x[0]);
    upc_barrier;
    return 0;
}
