// private_writes.upc - the loop writes through a private pointer, which
// could point into the shared array it reads (a cast of a local part): the
// fix is offered as unsafe. Here the pointer is private memory, so the
// rewrite is correct.
#include <upc_relaxed.h>
#include <stdio.h>

#define K 200

shared [] short src[K];

void copy_scaled(int *dst)
{
    int j;
    for (j = 0; j < K; j++)
        dst[j] = src[j] * 3;
}

int main(void)
{
    int j, buf[K];
    long s = 0;
    if (MYTHREAD == 0) {
        short *p = (short *)src;
        for (j = 0; j < K; j++)
            p[j] = j % 9;
    }
    upc_barrier;
    copy_scaled(buf);
    for (j = 0; j < K; j++)
        s += buf[j] * (j + MYTHREAD);
    printf("thread %d: s=%ld\n", MYTHREAD, s);
    return 0;
}
