/* Passing a token around a ring of threads with split-phase barriers. */
#include <upc.h>
#include <stdio.h>

shared int token[THREADS];

int main(void)
{
    int round, value = 0;

    token[MYTHREAD] = (MYTHREAD == 0) ? 1 : 0;
    upc_barrier;
    for (round = 0; round < THREADS; round++) {
        int next = (MYTHREAD + 1) % THREADS;
        int have = token[MYTHREAD];
        upc_notify round;
        if (have) {
            value += have;
        }
        upc_wait round;
        if (have) {
            token[next] = have + 1;
            token[MYTHREAD] = 0;
        }
        upc_barrier;
    }
    printf("thread %d saw the token with value %d\n", MYTHREAD, value);
    return 0;
}
