// upc_wait without a preceding upc_notify is an error.
// expect-error: (?i)notify|wait
#include <upc.h>
int main(void)
{
    upc_wait;
    return 0;
}
