/* #pragma upc strict / relaxed at file scope and inside compound statements. */
#include <upc.h>
#include <stdio.h>

#pragma upc relaxed

shared int flag[THREADS];
shared double payload[THREADS];

static void send_to(int t, double v)
{
    payload[t] = v;            /* relaxed (file default) */
    {
#pragma upc strict
        flag[t] = 1;           /* strict within this block */
    }
}

static double receive(void)
{
#pragma upc strict
    while (flag[MYTHREAD] == 0)
        ;
    {
#pragma upc relaxed
        return payload[MYTHREAD];
    }
}

int main(void)
{
    double v;

    flag[MYTHREAD] = 0;
    upc_barrier;
    send_to((MYTHREAD + 1) % THREADS, 10.0 * MYTHREAD);
    v = receive();
    upc_barrier;
    if (v == 10.0 * ((MYTHREAD + THREADS - 1) % THREADS))
        printf("thread %d: test_pragma_scopes passed\n", MYTHREAD);
    else
        printf("thread %d: test_pragma_scopes failed\n", MYTHREAD);
    return 0;
}
