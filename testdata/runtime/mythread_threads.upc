// MYTHREAD and THREADS.
// expect-all: thread {MYTHREAD} of {T}
#include <upc.h>
#include <stdio.h>
int main(void)
{
    int t = THREADS;
    printf("thread %d of %d\n", MYTHREAD, t);
    return 0;
}
