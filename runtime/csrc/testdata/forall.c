/* Translated from forall.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  shared [2] int a[6*THREADS];
 *   4  shared int hits[THREADS];
 *   5  void inner(int i) {
 *   6      int j, n = 0;
 *   7      upc_forall (j = 0; j < 4; j++; j) n++;   // nested dynamically: runs all iterations
 *   8      if (n != 4) printf("nested forall ran %d iterations\n", n);
 *   9  }
 *  10  int main(void) {
 *  11      int i, mine = 0, all = 0, n = 0;
 *  12      upc_forall (i = 0; i < 6*THREADS; i++; &a[i]) { a[i] = MYTHREAD; mine++; }
 *  13      upc_forall (i = 0; i < 6*THREADS; i++; i) { hits[MYTHREAD] += 1; inner(i); }
 *  14      upc_forall (i = 0; i < 6*THREADS; i++; continue) all++;
 *  15      upc_forall (i = 0; i < 10; i++; ) n++;
 *  16      upc_barrier;
 *  17      int ok = 1;
 *  18      for (i = 0; i < 6*THREADS; i++) if (a[i] != (i / 2) % THREADS) ok = 0;
 *  19      printf("mine %d hits %d all %d n %d ok %d\n", mine, hits[MYTHREAD], all, n, ok);
 *  20      return 0;
 *  21  }
 */
#include "testprog.h"

TEST_FILES("forall.upc");

static upcr_sptr_t a, hits;

static const upcr_shared_decl_t upcr_shared[] = {
	{&a, "a", sizeof(int), 2, 6, 1, NULL, 0},
	{&hits, "hits", sizeof(int), 1, 1, 1, NULL, 0},
};

void inner(int i)
{
	(void)i;
	int j, n = 0;
	{
		int upcr_ctl = upcr_forall_begin();
		for (j = 0; j < 4; j++)
			if (upcr_forall_mine_int(upcr_ctl, j))
				n++;
		upcr_forall_end();
	}
	if (n != 4)
		printf("nested forall ran %d iterations\n", n);
}

TEST_MAIN
{
	int i, mine = 0, all = 0, n = 0;
	{
		int upcr_ctl = upcr_forall_begin();
		for (i = 0; i < 6 * THREADS; i++) {
			if (!upcr_forall_mine_ptr(upcr_ctl, upcr_index(a, i, sizeof(int), 2)))
				continue;
			upcr_put_int(upcr_index(a, i, sizeof(int), 2), MYTHREAD, UPCR_LOC(0, 12));
			mine++;
		}
		upcr_forall_end();
	}
	{
		int upcr_ctl = upcr_forall_begin();
		for (i = 0; i < 6 * THREADS; i++) {
			if (!upcr_forall_mine_int(upcr_ctl, i))
				continue;
			upcr_sptr_t upcr_t0 = upcr_index(hits, MYTHREAD, sizeof(int), 1);
			upcr_put_int(upcr_t0, upcr_get_int(upcr_t0, UPCR_LOC(0, 13)) + 1, UPCR_LOC(0, 13));
			inner(i);
		}
		upcr_forall_end();
	}
	/* continue or no affinity: every thread runs every iteration */
	for (i = 0; i < 6 * THREADS; i++)
		all++;
	for (i = 0; i < 10; i++)
		n++;
	upcr_barrier(0, 0, UPCR_LOC(0, 16));
	int ok = 1;
	for (i = 0; i < 6 * THREADS; i++)
		if (upcr_get_int(upcr_index(a, i, sizeof(int), 2), UPCR_LOC(0, 18)) != (i / 2) % THREADS)
			ok = 0;
	printf("mine %d hits %d all %d n %d ok %d\n", mine,
	       upcr_get_int(upcr_index(hits, MYTHREAD, sizeof(int), 1), UPCR_LOC(0, 19)), all, n, ok);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
