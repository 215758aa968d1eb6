// Reaching the closing brace of main returns 0 (C99 5.1.2.2.3), even when
// the last call before it returned something else.
// expect-all: ok {MYTHREAD}
#include <upc.h>
#include <stdio.h>
shared int seen[THREADS];
int main(void)
{
    seen[MYTHREAD] = MYTHREAD;
    upc_barrier;
    printf("ok %d\n", (int)seen[MYTHREAD]);
}
