// collidiom_reduce_bits.upc - hand-written bitwise and product reductions
// by one thread: OR of unsigned longs (by the last thread), XOR of unsigned
// ints and a product of ints (by thread 0), each loop the unbraced body of
// its if: each gets braces and its reads pipelined.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared unsigned long ulpart[THREADS];
shared unsigned int uipart[THREADS];
shared int ipart[THREADS];

unsigned long or_all(void)
{
    unsigned long bits = 0;
    int t;
    if (MYTHREAD == THREADS - 1)
        for (t = 0; t < THREADS; t++)
            bits |= ulpart[t];
    return bits;
}

unsigned int xor_all(void)
{
    unsigned int u = 0;
    int t;
    if (MYTHREAD == 0)
        for (t = 0; t < THREADS; t++)
            u ^= uipart[t];
    return u;
}

int prod_all(void)
{
    int m = 1, t;
    if (!MYTHREAD)
        for (t = 0; t < THREADS; t++)
            m *= ipart[t];
    return m;
}

int main(void)
{
    unsigned long wb = 0;
    unsigned int wu = 0;
    int wm = 1, t, ok = 1;
    ulpart[MYTHREAD] = 1UL << (MYTHREAD * 3 % 61);
    uipart[MYTHREAD] = 0x9e3779b9u * (MYTHREAD + 1);
    ipart[MYTHREAD] = MYTHREAD % 3 + 1;
    upc_barrier;
    unsigned long b = or_all();
    unsigned int u = xor_all();
    int m = prod_all();
    for (t = 0; t < THREADS; t++) {
        wb |= 1UL << (t * 3 % 61);
        wu ^= 0x9e3779b9u * (t + 1);
        wm *= t % 3 + 1;
    }
    if (MYTHREAD == THREADS - 1)
        ok = ok && b == wb;
    if (MYTHREAD == 0)
        ok = ok && u == wu && m == wm;
    printf("thread %d: %s\n", MYTHREAD, ok ? "OK" : "FAILED");
    return !ok;
}
