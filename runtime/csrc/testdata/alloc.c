/* Translated from alloc.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  shared [] int *shared pub[THREADS];
 *   4  int main(void) {
 *   5      int i, bad = 0;
 *   6      shared [4] int *all = upc_all_alloc(THREADS, 4 * sizeof(int));
 *   7      upc_forall (i = 0; i < 4 * THREADS; i++; &all[i]) all[i] = i;
 *   8      shared [] int *mine = upc_alloc(10 * sizeof(int));
 *   9      for (i = 0; i < 10; i++) mine[i] = MYTHREAD * 10 + i;
 *  10      pub[MYTHREAD] = mine;
 *  11      upc_barrier;
 *  12      for (i = 0; i < 4 * THREADS; i++) if (all[i] != i || upc_threadof(&all[i]) != i / 4) bad++;
 *  13      shared [] int *other = pub[(MYTHREAD + 1) % THREADS];
 *  14      for (i = 0; i < 10; i++) if (other[i] != ((MYTHREAD + 1) % THREADS) * 10 + i) bad++;
 *  15      if (upc_threadof(mine) != MYTHREAD) bad++;
 *  16      shared [2] char *g = upc_global_alloc(3 * THREADS, 2);
 *  17      if (upc_threadof(g) != 0 || upc_phaseof(g) != 0 || upc_threadof(g + 2) != 1 % THREADS) bad++;
 *  18      upc_free(g);
 *  19      shared void *z = upc_alloc(0);
 *  20      if (z != NULL) bad++;
 *  21      upc_barrier;
 *  22      upc_free(mine);
 *  23      for (i = 0; i < 100; i++) { shared [] int *t = upc_alloc(1000); t[999 / sizeof(int)] = i; upc_free(t); }
 *  24      upc_all_free(all);
 *  25      shared int *again = upc_all_alloc(THREADS, sizeof(int));
 *  26      again[MYTHREAD] = MYTHREAD;
 *  27      upc_barrier;
 *  28      printf("bad %d again %d\n", bad, again[(MYTHREAD + 1) % THREADS]);
 *  29      upc_barrier;
 *  30      if (MYTHREAD == 0) upc_free(again);
 *  31      return 0;
 *  32  }
 */
#include "testprog.h"

TEST_FILES("alloc.upc");

static upcr_sptr_t pub;

static const upcr_shared_decl_t upcr_shared[] = {
	{&pub, "pub", sizeof(upcr_sptr_t), 1, 1, 1, NULL, 0},
};

TEST_MAIN
{
	int i, bad = 0;
	upcr_sptr_t all = upcr_all_alloc(THREADS, 4 * sizeof(int), UPCR_LOC(0, 6));
	{
		int upcr_ctl = upcr_forall_begin();
		for (i = 0; i < 4 * THREADS; i++)
			if (upcr_forall_mine_ptr(upcr_ctl, upcr_index(all, i, sizeof(int), 4)))
				upcr_put_int(upcr_index(all, i, sizeof(int), 4), i, UPCR_LOC(0, 7));
		upcr_forall_end();
	}
	upcr_sptr_t mine = upcr_alloc(10 * sizeof(int), UPCR_LOC(0, 8));
	for (i = 0; i < 10; i++)
		upcr_put_int(upcr_index(mine, i, sizeof(int), 0), MYTHREAD * 10 + i, UPCR_LOC(0, 9));
	upcr_put_sptr(upcr_index(pub, MYTHREAD, sizeof(upcr_sptr_t), 1), mine, UPCR_LOC(0, 10));
	upcr_barrier(0, 0, UPCR_LOC(0, 11));
	for (i = 0; i < 4 * THREADS; i++)
		if (upcr_get_int(upcr_index(all, i, sizeof(int), 4), UPCR_LOC(0, 12)) != i ||
		    upc_threadof(upcr_index(all, i, sizeof(int), 4)) != (size_t)(i / 4))
			bad++;
	upcr_sptr_t other = upcr_get_sptr(upcr_index(pub, (MYTHREAD + 1) % THREADS, sizeof(upcr_sptr_t), 1),
					  UPCR_LOC(0, 13));
	for (i = 0; i < 10; i++)
		if (upcr_get_int(upcr_index(other, i, sizeof(int), 0), UPCR_LOC(0, 14)) != ((MYTHREAD + 1) % THREADS) * 10 + i)
			bad++;
	if (upc_threadof(mine) != (size_t)MYTHREAD)
		bad++;
	upcr_sptr_t g = upcr_global_alloc(3 * THREADS, 2, UPCR_LOC(0, 16));
	if (upc_threadof(g) != 0 || upc_phaseof(g) != 0 || upc_threadof(upcr_add(g, 2, 1, 2)) != (size_t)(1 % THREADS))
		bad++;
	upcr_free(g, UPCR_LOC(0, 18));
	upcr_sptr_t z = upcr_alloc(0, UPCR_LOC(0, 19));
	if (!upcr_isnull(z))
		bad++;
	upcr_barrier(0, 0, UPCR_LOC(0, 21));
	upcr_free(mine, UPCR_LOC(0, 22));
	for (i = 0; i < 100; i++) {
		upcr_sptr_t t = upcr_alloc(1000, UPCR_LOC(0, 23));
		upcr_put_int(upcr_index(t, 999 / sizeof(int), sizeof(int), 0), i, UPCR_LOC(0, 23));
		upcr_free(t, UPCR_LOC(0, 23));
	}
	upcr_all_free(all, UPCR_LOC(0, 24));
	upcr_sptr_t again = upcr_all_alloc(THREADS, sizeof(int), UPCR_LOC(0, 25));
	upcr_put_int(upcr_index(again, MYTHREAD, sizeof(int), 1), MYTHREAD, UPCR_LOC(0, 26));
	upcr_barrier(0, 0, UPCR_LOC(0, 27));
	printf("bad %d again %d\n", bad,
	       upcr_get_int(upcr_index(again, (MYTHREAD + 1) % THREADS, sizeof(int), 1), UPCR_LOC(0, 28)));
	upcr_barrier(0, 0, UPCR_LOC(0, 29));
	if (MYTHREAD == 0)
		upcr_free(again, UPCR_LOC(0, 30));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
