/* No operator mixes a pointer-to-shared with a pointer-to-local. */
#include <upc.h>
#include <stddef.h>

shared int arr[16 * THREADS];

int main(void)
{
    int buf[16];
    int *lp = buf;
    shared int *sp = &arr[MYTHREAD];
    int *mine = (int *)sp;                     /* fine: cast of local-affinity data */
    ptrdiff_t d;
    int same = 0;

    d = sp - lp;                               // want "mixes pointer-to-shared and pointer-to-local"
    if (sp == lp)                              // want "mixes pointer-to-shared and pointer-to-local"
        same = 1;
    same += lp != sp;                          // want "mixes pointer-to-shared and pointer-to-local"
    same += sp > (int *)buf;                   // want "mixes pointer-to-shared and pointer-to-local"
    same += mine == lp;                        /* fine: both local */
    return same + (int)d;
}
