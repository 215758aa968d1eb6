/* Leftovers at file scope: a merge-conflict marker and a stray operator. */
#include <upc.h>
#include <stdio.h>

shared int counter[THREADS];

<<<<<<< HEAD                                // want "expected|unexpected"
static const char *branch_name = "main";

static void bump(void)
{
    counter[MYTHREAD]++;
}

int limit = 10 +;                           // want "expected|unexpected"

int main(void)
{
    bump();
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d\n", counter[THREADS - 1]);
    return 0;
}
