/* Translated from neg_doublefree.upc:
 *   1  #include <upc.h>
 *   2  int main(void) {
 *   3      shared [] int *p = upc_alloc(100);
 *   4      shared int *q = upc_all_alloc(THREADS, 4);
 *   5      upc_free(p);
 *   6      upc_barrier;
 *   7      if (MYTHREAD == THREADS - 1) upc_free(q);
 *   8      upc_barrier;
 *   9      if (MYTHREAD == 0) upc_free(q);
 *  10      return 0;
 *  11  }
 */
#include "testprog.h"

TEST_FILES("neg_doublefree.upc");

TEST_MAIN
{
	upcr_sptr_t p = upcr_alloc(100, UPCR_LOC(0, 3));
	upcr_sptr_t q = upcr_all_alloc(THREADS, 4, UPCR_LOC(0, 4));
	upcr_free(p, UPCR_LOC(0, 5));
	upcr_barrier(0, 0, UPCR_LOC(0, 6));
	if (MYTHREAD == THREADS - 1)
		upcr_free(q, UPCR_LOC(0, 7));
	upcr_barrier(0, 0, UPCR_LOC(0, 8));
	if (MYTHREAD == 0)
		upcr_free(q, UPCR_LOC(0, 9));
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
