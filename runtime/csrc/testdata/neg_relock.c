/* Translated from neg_relock.upc:
 *   1  #include <upc.h>
 *   2  int main(void) {
 *   3      upc_lock_t *l = upc_all_lock_alloc();
 *   4      if (MYTHREAD == 0) {
 *   5          upc_lock(l);
 *   6          upc_lock(l);
 *   7      }
 *   8      return 0;
 *   9  }
 */
#include "testprog.h"

TEST_FILES("neg_relock.upc");

TEST_MAIN
{
	upcr_sptr_t l = upcr_all_lock_alloc(UPCR_LOC(0, 3));
	if (MYTHREAD == 0) {
		upcr_lock(l, UPCR_LOC(0, 5));
		upcr_lock(l, UPCR_LOC(0, 6));
	}
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
