// Strict flag hand-off: data written before a strict flag write is seen after the strict read.
// threads: 2 3 4
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int data[THREADS];
strict shared int flag[THREADS];
int main(void)
{
    int right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS, k;
    for (k = 1; k <= 50; k++) {
        data[right] = k * 10 + MYTHREAD;
        flag[right] = k;
        while (flag[MYTHREAD] != k)
            ;
        CHECK_EQ(data[MYTHREAD], k * 10 + left);
        upc_barrier;
    }
    DONE();
    return 0;
}
