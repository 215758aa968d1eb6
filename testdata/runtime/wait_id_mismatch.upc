// A upc_wait id that differs from the notify ids is an error.
// threads: 2 3 4
// expect-error: (?i)barrier|mismatch|id
#include <upc.h>
int main(void)
{
    upc_notify 1;
    upc_wait MYTHREAD == 0 ? 2 : 1;
    return 0;
}
