// A null pointer constant (NULL, 0) returned from a function that returns a
// pointer-to-shared, or passed for a pointer-to-shared parameter, is the
// null pointer-to-shared.
// expect: 1 1 1 1
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
shared int x;
int isnull(shared int *p) { return p == NULL; }
shared void *none(void) { return NULL; }
shared [10] char *blocked(int a) { if (a) return 0; return (shared [10] char *)&x; }
int main(void)
{
    if (MYTHREAD == 0)
        printf("%d %d %d %d\n", isnull(NULL), isnull(0), none() == NULL, blocked(1) == NULL && blocked(0) != NULL);
    return 0;
}
