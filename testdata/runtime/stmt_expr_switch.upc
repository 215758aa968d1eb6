// Shared values in switch, conditional expressions, comma and GNU statement expressions.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int mode[THREADS];
int main(void)
{
    int r = 0, x;
    mode[MYTHREAD] = MYTHREAD % 3;
    switch (mode[MYTHREAD]) {
    case 0: r = 10; break;
    case 1: r = 20; break;
    default: r = 30;
    }
    CHECK_EQ(r, 10 * (MYTHREAD % 3 + 1));
    x = mode[MYTHREAD] ? mode[MYTHREAD] * 2 : -1;
    CHECK_EQ(x, MYTHREAD % 3 ? 2 * (MYTHREAD % 3) : -1);
    x = ({ int t = mode[MYTHREAD]; t + 1; });
    CHECK_EQ(x, MYTHREAD % 3 + 1);
    x = (mode[MYTHREAD] = 5, mode[MYTHREAD] + 1);
    CHECK_EQ(x, 6);
    DONE();
    return 0;
}
