/* Indefinite block size: the whole array has affinity to thread 0. */
#include <upc_relaxed.h>
#include <stdio.h>

#define LEN 37

shared [] int onzero[LEN];
shared [0] double alsozero[LEN];
shared [] char *cursor;

int main(void)
{
    int i, bad = 0;
    shared [] int *q = onzero;

    for (i = 0; i < LEN; i++, q++) {
        if (upc_threadof(q) != 0)
            bad++;
        if (upc_phaseof(q) != 0)
            bad++;
        if (upc_threadof(&alsozero[i]) != 0)
            bad++;
    }
    if (upc_blocksizeof(onzero) != 0 || upc_blocksizeof(alsozero) != 0)
        bad++;
    if (upc_localsizeof(onzero) != sizeof(int) * LEN)
        bad++;
    if (MYTHREAD == 0) {
        int *lp = (int *)onzero;   /* legal: thread 0 owns all of it */
        for (i = 0; i < LEN; i++)
            lp[i] = i * i;
        cursor = (shared [] char *)&onzero[0];
    }
    upc_barrier;
    if (onzero[LEN - 1] != (LEN - 1) * (LEN - 1))
        bad++;
    printf("thread %d test_layout_indefinite: %s\n", MYTHREAD, bad ? "failed" : "passed");
    return 0;
}
