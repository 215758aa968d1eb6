/* strict and relaxed qualifiers: a producer/consumer handoff through a strict flag. */
#include <upc_relaxed.h>
#include <stdio.h>

#define LEN 128

relaxed shared int data[LEN * THREADS];   /* relaxed is the default here, spelled out */
strict shared int ready[THREADS];
shared strict int done;                   /* qualifier order is free */
int strict shared late;                   /* even after the type */

int main(void)
{
    int i, next = (MYTHREAD + 1) % THREADS;
    int ok = 1;

    ready[MYTHREAD] = 0;
    if (MYTHREAD == 0) {
        done = 0;
        late = 0;
    }
    upc_barrier;

    /* produce into my block (cyclic indices i*THREADS + MYTHREAD are mine) */
    for (i = 0; i < LEN; i++)
        data[i * THREADS + MYTHREAD] = MYTHREAD + i;
    ready[MYTHREAD] = 1;          /* strict write: ordered after the relaxed ones */

    while (ready[next] == 0)      /* strict read */
        ;
    for (i = 0; i < LEN; i++)
        if (data[i * THREADS + next] != next + i)
            ok = 0;

    {
        strict shared int *flagp = &ready[next];
        relaxed shared int *plain = (relaxed shared int *)&data[next];
        if (*flagp != 1 || *plain != next)
            ok = 0;
    }
    upc_barrier;
    printf("thread %d: test_strict_relaxed %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
