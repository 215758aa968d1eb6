/* A search that jumps out of nested loops inside a upc_forall. */
#include <upc.h>
#include <stdio.h>

#define R 8
#define C 8

shared [C] int board[R * THREADS][C];

int main(void)
{
    int i, j, hit = -1;

    upc_forall (i = 0; i < R * THREADS; i++; &board[i][0]) {
        for (j = 0; j < C; j++)
            if (board[i][j] == 7)
                goto found;                    // want "goto.*upc_forall"
    }
    printf("none\n");
    return 0;
found:
    hit = i * C + j;
    printf("%d\n", hit);
    return 0;
}
