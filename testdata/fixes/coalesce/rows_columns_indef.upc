// rows_columns_indef.upc - the rows i-1 and i+1 of an indefinite grid, read
// at columns 1 to N of N+2: one upc_memget per row of the columns read.
#include <upc_relaxed.h>
#include <stdio.h>
#define N 30
shared [] double G[N][N + 2];

int main(void)
{
    int i, j;
    double s = 0.0;
    if (MYTHREAD == 0)
        for (i = 0; i < N; i++)
            for (j = 0; j < N + 2; j++)
                G[i][j] = (i * 7 + j * 3) % 11;
    upc_barrier;
    for (i = 1; i < N - 1; i++)
        for (j = 1; j < N + 1; j++)
            s += G[i - 1][j] * G[i + 1][j];
    printf("thread %d: %.1f\n", MYTHREAD, s);
    return 0;
}
