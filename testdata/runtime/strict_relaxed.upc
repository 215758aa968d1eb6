// strict and relaxed qualifiers and a flag handshake with strict accesses.
// threads: 2 3 4 8
// expect-all: ok
#include <upc.h>
#include "check.h"
strict shared int flag;
relaxed shared int data[THREADS];
shared strict int sflags[THREADS];
int main(void)
{
    if (MYTHREAD == 0) {
        data[1] = 42;
        flag = 1; /* strict write: data is visible before flag */
    }
    if (MYTHREAD == 1) {
        while (flag == 0)
            ;
        CHECK_EQ(data[1], 42);
    }
    sflags[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    CHECK_EQ(sflags[(MYTHREAD + 1) % THREADS], (MYTHREAD + 1) % THREADS + 1);
    DONE();
    return 0;
}
