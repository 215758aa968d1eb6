// get_2d_buffer.upc - the buffer is a private 2-D array fetched from its
// first element (&buf[0][0]); a put of another array's row comes between
// the get and the first use.

#include <upc_relaxed.h>
#include <stdio.h>

#define R 4
#define C 8

shared [R * C] int G[R * C * THREADS];
shared [C] int H[C * THREADS];

int main(void)
{
    int buf[R][C], row[C], i, j, sum = 0, bad = 0;
    for (i = 0; i < R * C; i++)
        G[MYTHREAD * R * C + i] = i - MYTHREAD;
    for (j = 0; j < C; j++)
        row[j] = MYTHREAD * 10 + j;
    upc_barrier;
    upc_memget(&buf[0][0], &G[((MYTHREAD + 1) % THREADS) * R * C], R * C * sizeof(int));
    upc_memput(&H[((MYTHREAD + 1) % THREADS) * C], row, C * sizeof(int));
    for (i = 0; i < R; i++)
        for (j = 0; j < C; j++)
            sum += buf[i][j];
    upc_barrier;
    for (j = 0; j < C; j++)
        bad += H[MYTHREAD * C + j] != ((MYTHREAD + THREADS - 1) % THREADS) * 10 + j;
    printf("thread %d: sum=%d %s\n", MYTHREAD, sum, bad ? "FAILED" : "OK");
    return bad != 0;
}
