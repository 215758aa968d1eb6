// A copy loop that rounds up to its struct size reads a few bytes past the
// end of the first block a thread allocates with upc_alloc (the prefetch
// loop of GWU's Sobel benchmark): the partition has slack there, so the
// program does not fault in the next thread's guard page.
// expect-all: ok
#include <upc.h>
#include <stdio.h>
typedef struct { unsigned char a[6]; } chunk;
shared [] unsigned char *shared rows[THREADS];
int main(void)
{
    shared [] unsigned char *mine = (shared [] unsigned char *)upc_alloc(1024);
    unsigned char buf[1024 + 6];
    int j;
    for (j = 0; j < 1024; j++)
        mine[j] = (unsigned char)j;
    rows[MYTHREAD] = mine;
    upc_barrier;
    {
        shared [] chunk *src = (shared [] chunk *)rows[(MYTHREAD + 1) % THREADS];
        chunk *dst = (chunk *)buf;
        for (j = 0; j < 1024; j += 6)
            *(dst++) = *(src++);
    }
    printf(buf[1023] == (unsigned char)1023 ? "ok\n" : "FAILED\n");
    upc_barrier;
    return 0;
}
