/* Strict and relaxed views of the same shared object through casts, and a
   strict shared pointer-to-shared. */
#include <upc.h>
#include <stdio.h>

shared int mailbox[THREADS];
shared void * strict shared handoff;          /* a strict shared pointer to shared void */

int main(void)
{
    strict shared int *s = (strict shared int *)&mailbox[MYTHREAD];
    relaxed shared int *r = (relaxed shared int *)s;
    int ok;

    *r = 1;                                   /* relaxed write */
    *s = *s + 1;                              /* strict read-modify-write */
    if (MYTHREAD == 0)
        handoff = &mailbox[THREADS - 1];
    upc_barrier;
    ok = mailbox[MYTHREAD] == 2 && upc_threadof(handoff) == (size_t)(THREADS - 1);
    printf("thread %d: test_strict_pointers %s\n", MYTHREAD, ok ? "passed" : "failed");
    return 0;
}
