/* A pointer-to-local never converts to a pointer-to-shared, implicitly or by
   a cast (only a null pointer constant does). */
#include <upc.h>
#include <stdlib.h>

#define AS_SHARED(p) ((shared int *)(p))

shared int data[8 * THREADS];

int main(void)
{
    int local = 5;
    int *lp = &local;
    shared int *sp = lp;                       // want "pointer-to-local.*pointer-to-shared"
    shared int *sq;
    shared void *sv;

    sq = &local;                               // want "pointer-to-local.*pointer-to-shared"
    sq = (shared int *)lp;                     // want "pointer-to-local.*pointer-to-shared"
    sv = AS_SHARED(malloc(sizeof(int)));       // want "pointer-to-local.*pointer-to-shared"
    sq = NULL;                                 /* fine */
    sq = &data[MYTHREAD];                      /* fine */
    (void)sp;
    (void)sv;
    return *sq;
}
