/* Translated from layout.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  shared int cyc[3*THREADS];
 *   4  shared [2] int blk[5*THREADS];
 *   5  shared [*] int star[4*THREADS];
 *   6  shared [] int ind[6];
 *   7  shared int scalar;
 *   8  int main(void) {
 *   9      int i;
 *  10      upc_forall (i = 0; i < 3*THREADS; i++; &cyc[i]) cyc[i] = 100*MYTHREAD + i;
 *  11      upc_forall (i = 0; i < 5*THREADS; i++; &blk[i]) blk[i] = 100*MYTHREAD + i;
 *  12      upc_forall (i = 0; i < 4*THREADS; i++; &star[i]) star[i] = 100*MYTHREAD + i;
 *  13      if (MYTHREAD == THREADS-1) { for (i = 0; i < 6; i++) ind[i] = i*i; scalar = 7; }
 *  14      upc_barrier;
 *  15      if (MYTHREAD == 0) {
 *  16          for (i = 0; i < 3*THREADS; i++)
 *  17              printf("cyc %d t%d p%d v%d\n", i, (int)upc_threadof(&cyc[i]), (int)upc_phaseof(&cyc[i]), cyc[i]);
 *  18          for (i = 0; i < 5*THREADS; i++)
 *  19              printf("blk %d t%d p%d v%d\n", i, (int)upc_threadof(&blk[i]), (int)upc_phaseof(&blk[i]), blk[i]);
 *  20          for (i = 0; i < 4*THREADS; i++)
 *  21              printf("star %d t%d p%d v%d\n", i, (int)upc_threadof(&star[i]), (int)upc_phaseof(&star[i]), star[i]);
 *  22          for (i = 0; i < 6; i++)
 *  23              printf("ind %d t%d v%d\n", i, (int)upc_threadof(&ind[i]), ind[i]);
 *  24          printf("scalar t%d v%d\n", (int)upc_threadof(&scalar), scalar);
 *  25      }
 *  26      for (i = 0; i < THREADS; i++)
 *  27          printf("affinitysize %d %d\n", i, (int)upc_affinitysize(5*THREADS*sizeof(int), 2*sizeof(int), i));
 *  28      return 0;
 *  29  }
 */
#include "testprog.h"

TEST_FILES("layout.upc");

/* shared objects: base pointers filled in by the runtime */
static upcr_sptr_t cyc, blk, star, ind, scalar;

static const upcr_shared_decl_t upcr_shared[] = {
	/* base    name      elemsize     block nelems threads_mult init size */
	{&cyc, "cyc", sizeof(int), 1, 3, 1, NULL, 0},
	{&blk, "blk", sizeof(int), 2, 5, 1, NULL, 0},
	{&star, "star", sizeof(int), 4, 4, 1, NULL, 0}, /* [*]: ceil(4*THREADS/THREADS) */
	{&ind, "ind", sizeof(int), 0, 6, 0, NULL, 0},
	{&scalar, "scalar", sizeof(int), 0, 1, 0, NULL, 0},
};

/* Lines 10-12 translate the same statement for each array:
 * upc_forall (i = 0; i < n; i++; &a[i]) a[i] = 100 * MYTHREAD + i; */
static void fill(upcr_sptr_t a, int n, size_t block, int line)
{
	int i;
	int upcr_ctl = upcr_forall_begin();
	for (i = 0; i < n; i++) {
		if (!upcr_forall_mine_ptr(upcr_ctl, upcr_index(a, i, sizeof(int), block)))
			continue;
		upcr_put_int(upcr_index(a, i, sizeof(int), block), 100 * MYTHREAD + i, UPCR_LOC(0, line));
	}
	upcr_forall_end();
}

TEST_MAIN
{
	int i;
	fill(cyc, 3 * THREADS, 1, 10);
	fill(blk, 5 * THREADS, 2, 11);
	fill(star, 4 * THREADS, 4, 12);
	if (MYTHREAD == THREADS - 1) {
		for (i = 0; i < 6; i++)
			upcr_put_int(upcr_index(ind, i, sizeof(int), 0), i * i, UPCR_LOC(0, 13));
		upcr_put_int(scalar, 7, UPCR_LOC(0, 13));
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 14));
	if (MYTHREAD == 0) {
		for (i = 0; i < 3 * THREADS; i++)
			printf("cyc %d t%d p%d v%d\n", i, (int)upc_threadof(upcr_index(cyc, i, sizeof(int), 1)),
			       (int)upc_phaseof(upcr_index(cyc, i, sizeof(int), 1)),
			       upcr_get_int(upcr_index(cyc, i, sizeof(int), 1), UPCR_LOC(0, 17)));
		for (i = 0; i < 5 * THREADS; i++)
			printf("blk %d t%d p%d v%d\n", i, (int)upc_threadof(upcr_index(blk, i, sizeof(int), 2)),
			       (int)upc_phaseof(upcr_index(blk, i, sizeof(int), 2)),
			       upcr_get_int(upcr_index(blk, i, sizeof(int), 2), UPCR_LOC(0, 19)));
		for (i = 0; i < 4 * THREADS; i++)
			printf("star %d t%d p%d v%d\n", i, (int)upc_threadof(upcr_index(star, i, sizeof(int), 4)),
			       (int)upc_phaseof(upcr_index(star, i, sizeof(int), 4)),
			       upcr_get_int(upcr_index(star, i, sizeof(int), 4), UPCR_LOC(0, 21)));
		for (i = 0; i < 6; i++)
			printf("ind %d t%d v%d\n", i, (int)upc_threadof(upcr_index(ind, i, sizeof(int), 0)),
			       upcr_get_int(upcr_index(ind, i, sizeof(int), 0), UPCR_LOC(0, 23)));
		printf("scalar t%d v%d\n", (int)upc_threadof(scalar), upcr_get_int(scalar, UPCR_LOC(0, 24)));
	}
	for (i = 0; i < THREADS; i++)
		printf("affinitysize %d %d\n", i, (int)upc_affinitysize(5 * THREADS * sizeof(int), 2 * sizeof(int), i));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
