/* hello.upc: the first UPC program every course shows. */
#include <upc.h>
#include <stdio.h>

int main(void)
{
    printf("Hello from thread %d of %d\n", MYTHREAD, THREADS);
    upc_barrier;
    if (MYTHREAD == 0)
        printf("all %d threads said hello\n", THREADS);
    return 0;
}
