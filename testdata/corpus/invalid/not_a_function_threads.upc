/* THREADS and MYTHREAD are expressions, not functions (unlike in some
   other SPMD libraries). */
#include <upc.h>
#include <stdio.h>

shared int slot[THREADS];

int main(void)
{
    int me = MYTHREAD();                       // want "not a function"
    int n = THREADS(0);                        // want "not a function"
    slot[MYTHREAD] = me + n;
    upc_barrier;
    printf("%d\n", slot[0]);
    return 0;
}
