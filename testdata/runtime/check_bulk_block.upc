// --check: a upc_memget whose shared range crosses a block boundary is reported.
// check: 1
// threads: 2 3 4
// expect-warning: block boundary|crosses
#include <upc.h>
shared [4] int a[8 * THREADS];
int main(void)
{
    int buf[6];
    if (MYTHREAD == 0)
        upc_memget(buf, &a[2], sizeof buf);
    return 0;
}
