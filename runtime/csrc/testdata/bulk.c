/* Translated from bulk.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  #define N 16
 *   4  shared [N] int rows[N*THREADS];
 *   5  shared [N] int copy[N*THREADS];
 *   6  shared [] char *shared bufs[THREADS];
 *   7  int main(void) {
 *   8      int i, local[N], got[N], bad = 0;
 *   9      for (i = 0; i < N; i++) local[i] = MYTHREAD * 100 + i;
 *  10      upc_memput(&rows[MYTHREAD * N], local, N * sizeof(int));
 *  11      upc_barrier;
 *  12      int r = (MYTHREAD + 1) % THREADS;
 *  13      upc_memget(got, &rows[r * N], N * sizeof(int));
 *  14      for (i = 0; i < N; i++) if (got[i] != r * 100 + i) bad++;
 *  15      upc_memcpy(&copy[r * N], &rows[r * N], N * sizeof(int));
 *  16      bufs[MYTHREAD] = upc_alloc(64);
 *  17      upc_memset(bufs[MYTHREAD], 'a' + MYTHREAD % 26, 64);
 *  18      upc_barrier;
 *  19      for (i = 0; i < N; i++) if (copy[MYTHREAD * N + i] != MYTHREAD * 100 + i) bad++;
 *  20      char c[64];
 *  21      upc_memget(c, bufs[r], 64);
 *  22      for (i = 0; i < 64; i++) if (c[i] != 'a' + r % 26) bad++;
 *  23      printf("bad %d\n", bad);
 *  24      return 0;
 *  25  }
 */
#include "testprog.h"

TEST_FILES("bulk.upc");

#define N 16
static upcr_sptr_t rows, copy, bufs;

static const upcr_shared_decl_t upcr_shared[] = {
	{&rows, "rows", sizeof(int), N, N, 1, NULL, 0},
	{&copy, "copy", sizeof(int), N, N, 1, NULL, 0},
	{&bufs, "bufs", sizeof(upcr_sptr_t), 1, 1, 1, NULL, 0},
};

TEST_MAIN
{
	int i, local[N], got[N], bad = 0;
	for (i = 0; i < N; i++)
		local[i] = MYTHREAD * 100 + i;
	upcr_memput(upcr_index(rows, MYTHREAD * N, sizeof(int), N), local, N * sizeof(int), UPCR_LOC(0, 10));
	upcr_barrier(0, 0, UPCR_LOC(0, 11));
	int r = (MYTHREAD + 1) % THREADS;
	upcr_memget(got, upcr_index(rows, r * N, sizeof(int), N), N * sizeof(int), UPCR_LOC(0, 13));
	for (i = 0; i < N; i++)
		if (got[i] != r * 100 + i)
			bad++;
	upcr_memcpy(upcr_index(copy, r * N, sizeof(int), N), upcr_index(rows, r * N, sizeof(int), N), N * sizeof(int),
		    UPCR_LOC(0, 15));
	upcr_put_sptr(upcr_index(bufs, MYTHREAD, sizeof(upcr_sptr_t), 1), upcr_alloc(64, UPCR_LOC(0, 16)),
		      UPCR_LOC(0, 16));
	upcr_memset(upcr_get_sptr(upcr_index(bufs, MYTHREAD, sizeof(upcr_sptr_t), 1), UPCR_LOC(0, 17)),
		    'a' + MYTHREAD % 26, 64, UPCR_LOC(0, 17));
	upcr_barrier(0, 0, UPCR_LOC(0, 18));
	for (i = 0; i < N; i++)
		if (upcr_get_int(upcr_index(copy, MYTHREAD * N + i, sizeof(int), N), UPCR_LOC(0, 19)) != MYTHREAD * 100 + i)
			bad++;
	char c[64];
	upcr_memget(c, upcr_get_sptr(upcr_index(bufs, r, sizeof(upcr_sptr_t), 1), UPCR_LOC(0, 21)), 64,
		    UPCR_LOC(0, 21));
	for (i = 0; i < 64; i++)
		if (c[i] != 'a' + r % 26)
			bad++;
	printf("bad %d\n", bad);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
