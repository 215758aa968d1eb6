/* upc_memcpy, upc_memget, upc_memput, upc_memset within one block each. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define BLK 100

shared [BLK] unsigned char a[BLK * THREADS];
shared [BLK] unsigned char b[BLK * THREADS];
shared int verdict[THREADS];

int main(void)
{
    unsigned char priv[BLK];
    int i, ok = 1, peer = (MYTHREAD + 1) % THREADS;

    upc_memset(&a[MYTHREAD * BLK], MYTHREAD + 1, BLK);
    upc_barrier;
    upc_memget(priv, &a[peer * BLK], BLK);
    for (i = 0; i < BLK; i++)
        if (priv[i] != (unsigned char)(peer + 1))
            ok = 0;
    for (i = 0; i < BLK; i++)
        priv[i] = (unsigned char)i;
    upc_memput(&b[peer * BLK], priv, sizeof priv);
    upc_barrier;
    upc_memcpy(&a[MYTHREAD * BLK], &b[MYTHREAD * BLK], BLK);
    if (memcmp((unsigned char *)&a[MYTHREAD * BLK], priv, BLK) != 0)
        ok = 0;
    verdict[MYTHREAD] = ok;
    upc_barrier;
    if (!MYTHREAD) {
        for (i = 0; i < THREADS; i++)
            ok &= verdict[i];
        printf("test_memcpy_family: %s\n", ok ? "passed" : "failed");
    }
    return 0;
}
