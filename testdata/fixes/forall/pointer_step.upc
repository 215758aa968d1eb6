// pointer_step.upc - the loop variable's address is taken before the loop,
// and the body stores through a pointer (directly or in a called
// function): the store may advance the variable, so the iterations are not
// those of the loop's step alone and the affinity test stays. Rewriting
// either loop changes which iterations run. The loop of main, whose
// variable's address is never taken, is rewritten.
#include <upc_relaxed.h>
#include <stdio.h>

shared int A[6 * THREADS];

static void bump(int *p)
{
    *p += 2;
}

long by_call(void)
{
    int i;
    int *ip = &i;
    long c = 0;
    upc_forall (i = 0; i < 6 * THREADS; i++; &A[i]) {
        c += i;
        bump(ip);
    }
    return c * 100 + i;
}

long by_store(void)
{
    int i;
    int *ip = &i;
    long c = 0;
    upc_forall (i = 0; i < 6 * THREADS; i++; &A[i]) {
        c += i;
        if (i % 5 == 1)
            (*ip)++;
    }
    return c * 100 + i;
}

int main(void)
{
    int i;
    long a, b;
    upc_forall (i = 0; i < 6 * THREADS; i++; &A[i])
        A[i] = i;
    a = by_call();
    b = by_store();
    printf("thread %d: %ld %ld\n", MYTHREAD, a, b);
    return 0;
}
