/* Translated from neg_unlock.upc:
 *   1  #include <upc.h>
 *   2  int main(void) {
 *   3      upc_lock_t *l = upc_all_lock_alloc();
 *   4      if (MYTHREAD == 0) upc_lock(l);
 *   5      upc_barrier;
 *   6      if (MYTHREAD == THREADS - 1) upc_unlock(l);
 *   7      upc_barrier;
 *   8      return 0;
 *   9  }
 */
#include "testprog.h"

TEST_FILES("neg_unlock.upc");

TEST_MAIN
{
	upcr_sptr_t l = upcr_all_lock_alloc(UPCR_LOC(0, 3));
	if (MYTHREAD == 0)
		upcr_lock(l, UPCR_LOC(0, 4));
	upcr_barrier(0, 0, UPCR_LOC(0, 5));
	if (MYTHREAD == THREADS - 1)
		upcr_unlock(l, UPCR_LOC(0, 6));
	upcr_barrier(0, 0, UPCR_LOC(0, 7));
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
