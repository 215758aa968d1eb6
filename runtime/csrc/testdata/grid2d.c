/* Translated from grid2d.upc (static THREADS: compiled with -DUPCR_STATIC_THREADS=T):
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  #define R 6
 *   4  #define C 5
 *   5  shared [4] int g[R][C];          // blocks of 4 run across rows
 *   6  shared [C] double rows[R][C];    // one row per block
 *   7  int main(void) {
 *   8      int i, j;
 *   9      upc_forall (i = 0; i < R; i++; continue)
 *  10          upc_forall (j = 0; j < C; j++; &g[i][j]) g[i][j] = 10*i + j;
 *  11      upc_forall (i = 0; i < R; i++; &rows[i][0])
 *  12          for (j = 0; j < C; j++) rows[i][j] = i + j / 10.0;
 *  13      upc_barrier;
 *  14      if (MYTHREAD == THREADS - 1) {
 *  15          for (i = 0; i < R; i++) {
 *  16              for (j = 0; j < C; j++) printf(" %2d@%d", g[i][j], (int)upc_threadof(&g[i][j]));
 *  17              printf("\n");
 *  18          }
 *  19          shared [4] int (*row)[C] = g;     // pointer to a row: +1 moves C elements
 *  20          printf("row3 %d t%d p%d\n", (*(row + 3))[1], (int)upc_threadof(row + 3), (int)upc_phaseof(row + 3));
 *  21          printf("rows %.1f local %d\n", rows[R-1][C-1], (int)upc_localsizeof(rows));
 *  22      }
 *  23      return 0;
 *  24  }
 */
#include "testprog.h"

TEST_FILES("grid2d.upc");

#define R 6
#define C 5
static upcr_sptr_t g, rows;

static const upcr_shared_decl_t upcr_shared[] = {
	{&g, "g", sizeof(int), 4, R * C, 0, NULL, 0},
	{&rows, "rows", sizeof(double), C, R * C, 0, NULL, 0},
};

TEST_MAIN
{
	int i, j;
	for (i = 0; i < R; i++) { /* outer forall with continue: not controlling */
		int upcr_ctl = upcr_forall_begin();
		for (j = 0; j < C; j++)
			if (upcr_forall_mine_ptr(upcr_ctl, upcr_index(g, i * C + j, sizeof(int), 4)))
				upcr_put_int(upcr_index(g, i * C + j, sizeof(int), 4), 10 * i + j, UPCR_LOC(0, 10));
		upcr_forall_end();
	}
	{
		int upcr_ctl = upcr_forall_begin();
		for (i = 0; i < R; i++) {
			if (!upcr_forall_mine_ptr(upcr_ctl, upcr_index(rows, i * C + 0, sizeof(double), C)))
				continue;
			for (j = 0; j < C; j++)
				upcr_put_double(upcr_index(rows, i * C + j, sizeof(double), C), i + j / 10.0, UPCR_LOC(0, 12));
		}
		upcr_forall_end();
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 13));
	if (MYTHREAD == THREADS - 1) {
		for (i = 0; i < R; i++) {
			for (j = 0; j < C; j++)
				printf(" %2d@%d", upcr_get_int(upcr_index(g, i * C + j, sizeof(int), 4), UPCR_LOC(0, 16)),
				       (int)upc_threadof(upcr_index(g, i * C + j, sizeof(int), 4)));
			printf("\n");
		}
		upcr_sptr_t row = g; /* shared [4] int (*)[C]: arithmetic in units of C elements */
		printf("row3 %d t%d p%d\n",
		       upcr_get_int(upcr_add(upcr_add(row, 3 * C, sizeof(int), 4), 1, sizeof(int), 4), UPCR_LOC(0, 20)),
		       (int)upc_threadof(upcr_add(row, 3 * C, sizeof(int), 4)),
		       (int)upc_phaseof(upcr_add(row, 3 * C, sizeof(int), 4)));
		printf("rows %.1f local %d\n",
		       upcr_get_double(upcr_index(rows, (R - 1) * C + C - 1, sizeof(double), C), UPCR_LOC(0, 21)),
		       (int)((R + THREADS - 1) / THREADS * C * sizeof(double)));
	}
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
