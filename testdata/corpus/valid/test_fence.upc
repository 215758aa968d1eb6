/* upc_fence orders relaxed accesses: message, fence, relaxed flag. */
#include <upc_relaxed.h>
#include <stdio.h>

#define MSG 8

shared [MSG] int mailbox[MSG * THREADS];
shared int arrived[THREADS];

int main(void)
{
    int i, to = (MYTHREAD + 1) % THREADS, from = (MYTHREAD + THREADS - 1) % THREADS;
    int ok = 1;

    arrived[MYTHREAD] = 0;
    upc_barrier;
    for (i = 0; i < MSG; i++)
        mailbox[to * MSG + i] = from * 0 + MYTHREAD * 100 + i;
    upc_fence;
    arrived[to] = 1;
    upc_fence;
    while (!arrived[MYTHREAD])
        upc_fence;
    for (i = 0; i < MSG; i++)
        if (mailbox[MYTHREAD * MSG + i] != from * 100 + i)
            ok = 0;
    upc_barrier;
    printf("thread %d: test_fence %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
