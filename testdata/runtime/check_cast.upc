// --check: casting another thread's element to a local pointer is an error.
// check: 1
// threads: 2 3 4
// expect-error: remote-cast
#include <upc.h>
shared int a[THREADS];
int main(void)
{
    int *p = (int *)&a[(MYTHREAD + 1) % THREADS];
    (void)p;
    return 0;
}
