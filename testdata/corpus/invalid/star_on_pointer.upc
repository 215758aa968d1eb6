/* [*] only makes sense for arrays: it is rejected on pointer types. */
#include <upc.h>
#include <stddef.h>

shared [*] int star_array[16 * THREADS];       /* fine */
shared [*] int *star_ptr;                      // want `\[\*\].*pointer`

static long sum(shared [*] long *p, size_t n)  // want `\[\*\].*pointer`
{
    long s = 0;
    size_t i;
    for (i = 0; i < n; i++)
        s += p[i];
    return s;
}

int main(void)
{
    shared [*] double *local_view = NULL;      // want `\[\*\].*pointer`
    star_array[MYTHREAD] = MYTHREAD;
    (void)local_view;
    (void)sum;
    return 0;
}
