// upc_fence orders relaxed accesses: a producer/consumer with relaxed data.
// threads: 2 4
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [] int buf[10];
strict shared int turn;
int main(void)
{
    int i;
    if (MYTHREAD == 0) {
        for (i = 0; i < 10; i++)
            buf[i] = i * i;
        upc_fence;
        turn = 1;
    }
    if (MYTHREAD == THREADS - 1) {
        while (turn != 1)
            ;
        upc_fence;
        for (i = 0; i < 10; i++)
            CHECK_EQ(buf[i], i * i);
    }
    upc_barrier;
    DONE();
    return 0;
}
