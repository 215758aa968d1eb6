/* Comparing and subtracting pointers-to-shared; local pointers compared separately. */
#include <upc.h>
#include <stdio.h>
#include <stddef.h>

shared [3] double d[3 * THREADS];

static int same_element(shared [3] double *a, shared [3] double *b)
{
    return a == b;
}

int main(void)
{
    shared [3] double *p = &d[0], *q = &d[3 * THREADS - 1];
    shared void *gv = &d[1];
    double buf[4], *lp = &buf[0], *lq = &buf[3];
    ptrdiff_t n;
    int pass = 1;

    n = q - p;
    if (n != 3 * THREADS - 1)
        pass = 0;
    if (!(p < q) || p >= q)
        pass = 0;
    if (gv != (shared void *)&d[1])
        pass = 0;
    if (!same_element(p + 1, (shared [3] double *)gv))
        pass = 0;
    if (lq - lp != 3 || lp == lq)       /* local pointers: ordinary C */
        pass = 0;
    if (p == NULL || q == 0)
        pass = 0;
    p = (shared [3] double *)NULL;
    if (p != NULL)
        pass = 0;
    printf("thread %d: test_ptr_compare %s\n", MYTHREAD, pass ? "passed" : "failed");
    return !pass;
}
