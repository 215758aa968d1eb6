// upc_notify twice without upc_wait is an error.
// threads: 1 2
// expect-error: (?i)notify
#include <upc.h>
int main(void)
{
    upc_notify;
    upc_notify;
    upc_wait;
    return 0;
}
