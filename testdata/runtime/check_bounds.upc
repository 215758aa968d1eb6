// --check: a shared array subscript past the end is reported.
// check: 1
// expect-warning: out-of-bounds
#include <upc.h>
#include <stdio.h>
shared int a[4 * THREADS];
shared [] int b[10];
int main(void)
{
    int i = 4 * THREADS, j = 10;
    if (MYTHREAD == 0) {
        a[i - 1] = 1;
        b[j] = a[i];
    }
    return 0;
}
