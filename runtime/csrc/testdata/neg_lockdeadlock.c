/* Translated from neg_lockdeadlock.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  int main(void) {
 *   4      upc_lock_t *l = upc_all_lock_alloc();
 *   5      if (MYTHREAD == 0) upc_lock(l);
 *   6      upc_barrier;
 *   7      if (MYTHREAD != 0) upc_lock(l);      // waits forever: thread 0 never unlocks
 *   8      upc_barrier;
 *   9      return 0;
 *  10  }
 */
#include "testprog.h"

TEST_FILES("neg_lockdeadlock.upc");

TEST_MAIN
{
	upcr_sptr_t l = upcr_all_lock_alloc(UPCR_LOC(0, 4));
	if (MYTHREAD == 0)
		upcr_lock(l, UPCR_LOC(0, 5));
	upcr_barrier(0, 0, UPCR_LOC(0, 6));
	if (MYTHREAD != 0)
		upcr_lock(l, UPCR_LOC(0, 7));
	upcr_barrier(0, 0, UPCR_LOC(0, 8));
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
