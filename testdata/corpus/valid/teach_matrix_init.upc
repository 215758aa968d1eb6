/* Initialising a distributed matrix three ways and checking they agree. */
#include <upc.h>
#include <stdio.h>

#define COLS 10

shared [COLS] int m1[THREADS][COLS];
shared [COLS] int m2[THREADS][COLS];
shared int m3[COLS][THREADS];

int main(void)
{
    int i, j, bad = 0;

    /* 1: each thread fills its own row, plain loops */
    for (j = 0; j < COLS; j++)
        m1[MYTHREAD][j] = MYTHREAD * COLS + j;
    /* 2: upc_forall over rows, affinity by row address */
    upc_forall (i = 0; i < THREADS; i++; &m2[i][0])
        for (j = 0; j < COLS; j++)
            m2[i][j] = i * COLS + j;
    /* 3: column-distributed transpose, affinity by element */
    upc_forall (j = 0; j < COLS; j++; continue)
        m3[j][MYTHREAD] = MYTHREAD * COLS + j;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            for (j = 0; j < COLS; j++)
                if (m1[i][j] != m2[i][j] || m2[i][j] != m3[j][i])
                    bad++;
        printf("matrix init: %s\n", bad ? "failed" : "passed");
    }
    return 0;
}
