/* Passing and returning local addresses where pointers-to-shared are
   expected. */
#include <upc.h>

static shared int *pick(shared int *a, shared int *b, int first)
{
    return first ? a : b;
}

static shared int *wrap_local(int *p)
{
    return p;                                  // want "pointer-to-local.*pointer-to-shared"
}

shared int cells[2 * THREADS];

int main(void)
{
    int mine = 0;
    shared int *r;

    r = pick(&cells[MYTHREAD], &cells[THREADS + MYTHREAD], 1);   /* fine */
    r = pick(&cells[MYTHREAD], &mine, 0);      // want "pointer-to-local.*pointer-to-shared"
    (void)wrap_local;
    return *r;
}
