/* upc_thread_info_t has guaranteedCastable and probablyCastable. */
#include <upc.h>
#include <upc_castable.h>
#include <stdio.h>

shared int cell[THREADS];

int main(void)
{
    int t, n = 0;
    for (t = 0; t < THREADS; t++) {
        upc_thread_info_t info = upc_thread_info(t);
        if (info.guaranteedCastible & UPC_CASTABLE_STATIC)     // want "no member named"
            n++;
    }
    printf("%d\n", n);
    return 0;
}
