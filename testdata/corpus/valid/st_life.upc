// upclint-flags: --threads 4 -DSIZE=64
/* Conway's game of life on a torus; row slabs per thread, ghost rows fetched. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#ifndef SIZE
#define SIZE 32
#endif
#define SLAB (SIZE / THREADS)
#define GENS 16

shared [SLAB * SIZE] char board[2][SIZE][SIZE];   /* two generations; each is split in slabs */

static int neighbours(const char (*rows)[SIZE], int r, int c)
{
    int dr, dc, n = 0;
    for (dr = -1; dr <= 1; dr++)
        for (dc = -1; dc <= 1; dc++)
            if (dr || dc)
                n += rows[r + dr][(c + dc + SIZE) % SIZE];
    return n;
}

int main(void)
{
    static char win[SLAB + 2][SIZE];
    int g, r, c, cur = 0, alive = 0;
    const int first = MYTHREAD * SLAB;

    upc_forall (r = 0; r < SIZE; r++; &board[0][r][0])
        for (c = 0; c < SIZE; c++)
            board[0][r][c] = (char)((r * 3 + c * 5) % 7 == 0);
    upc_barrier;

    for (g = 0; g < GENS; g++, cur ^= 1) {
        upc_memget(win[0], &board[cur][(first + SIZE - 1) % SIZE][0], SIZE);
        upc_memget(win[1], &board[cur][first][0], SLAB * SIZE);
        upc_memget(win[SLAB + 1], &board[cur][(first + SLAB) % SIZE][0], SIZE);
        for (r = 1; r <= SLAB; r++)
            for (c = 0; c < SIZE; c++) {
                int n = neighbours((const char (*)[SIZE])win, r, c);
                board[cur ^ 1][first + r - 1][c] = (char)(n == 3 || (n == 2 && win[r][c]));
            }
        upc_barrier;
    }
    for (r = first; r < first + SLAB; r++)
        for (c = 0; c < SIZE; c++)
            alive += board[cur][r][c];
    printf("thread %d: %d cells alive after %d generations\n", MYTHREAD, alive, GENS);
    return 0;
}
