/* upc_forall clauses may be omitted like those of for; loops may nest. */
#include <upc.h>
#include <stdio.h>

#define M 6

shared [M] int grid[M * THREADS][M];
shared int visited[THREADS];

int main(void)
{
    int i = 0, j, n = 0;

    /* no init clause: i was set before the loop */
    upc_forall (; i < M * THREADS; i++; &grid[i][0]) {
        grid[i][0] = i;
    }
    /* no init and no affinity: every thread runs every iteration */
    i = 0;
    upc_forall (; i < M * THREADS; i++; )
        n++;

    /* nested: the inner one behaves as if its affinity were continue */
    upc_forall (i = 0; i < M * THREADS; i++; &grid[i][0])
        upc_forall (j = 1; j < M; j++; &grid[i][j])
            grid[i][j] = grid[i][0] + j, n++;

    /* comma expressions in init and step, affinity an integer expression */
    upc_forall (i = 0, j = M * THREADS - 1; i < j; i++, j--; i + j)
        n += 0;

    /* an ordinary loop around a forall whose affinity is continue */
    for (i = 0; i < 1; i++)
        upc_forall (j = 0; j < THREADS; j++; continue)
            visited[j] = 1;

    upc_barrier;
    if (MYTHREAD == 0) {
        int ok = 1;
        for (i = 0; i < M * THREADS; i++)
            for (j = 0; j < M; j++)
                if (grid[i][j] != i + j)
                    ok = 0;
        printf("test_forall_clauses: %s\n", ok ? "passed" : "failed");
    }
    (void)n;
    return 0;
}
