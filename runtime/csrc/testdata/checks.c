/* Translated from checks.upc (run with --check):
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  shared [4] int a[8*THREADS];
 *   4  int main(void) {
 *   5      int buf[8], i;
 *   6      upc_forall (i = 0; i < 8*THREADS; i++; &a[i]) a[i] = i;
 *   7      upc_barrier;
 *   8      int *p = (int *)&a[4 * MYTHREAD];                        // my own block: fine
 *   9      upc_memget(buf, &a[2], 4 * sizeof(int));                // a[2..3] and a[4*THREADS..+1]: crosses a block
 *  10      upc_memget(buf, &a[0], 4 * sizeof(int));                // fine: one block
 *  11      printf("%d %d\n", p[0], buf[3]);
 *  12      upc_barrier;
 *  13      p = (int *)&a[4 * ((MYTHREAD + 1) % THREADS)];          // another thread's block: an error
 *  14      return p[0];
 *  15  }
 */
#include "testprog.h"

TEST_FILES("checks.upc");

static upcr_sptr_t a;

static const upcr_shared_decl_t upcr_shared[] = {
	{&a, "a", sizeof(int), 4, 8, 1, NULL, 0},
};

TEST_MAIN
{
	int buf[8], i;
	{
		int upcr_ctl = upcr_forall_begin();
		for (i = 0; i < 8 * THREADS; i++)
			if (upcr_forall_mine_ptr(upcr_ctl, upcr_index(a, i, sizeof(int), 4)))
				upcr_put_int(upcr_index(a, i, sizeof(int), 4), i, UPCR_LOC(0, 6));
		upcr_forall_end();
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 7));
	int *p = (int *)upcr_to_local(upcr_index(a, 4 * MYTHREAD, sizeof(int), 4), UPCR_LOC(0, 8));
	upcr_memget(buf, upcr_index(a, 2, sizeof(int), 4), 4 * sizeof(int), UPCR_LOC(0, 9));
	upcr_memget(buf, upcr_index(a, 0, sizeof(int), 4), 4 * sizeof(int), UPCR_LOC(0, 10));
	printf("%d %d\n", p[0], buf[3]);
	upcr_barrier(0, 0, UPCR_LOC(0, 12));
	p = (int *)upcr_to_local(upcr_index(a, 4 * ((MYTHREAD + 1) % THREADS), sizeof(int), 4), UPCR_LOC(0, 13));
	return p[0];
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
