// Static THREADS: THREADS is a constant usable in private array sizes.
// flags: --threads 2
// expect: 2 4 8
#include <upc.h>
#include <stdio.h>
int priv[THREADS * 2];
shared int s[THREADS * 4];
int main(void)
{
    if (MYTHREAD == 0)
        printf("%d %d %d\n", THREADS, (int)(sizeof priv / sizeof priv[0]), (int)(sizeof s / sizeof s[0]));
    return 0;
}
