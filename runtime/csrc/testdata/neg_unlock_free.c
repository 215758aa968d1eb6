/* Translated from neg_unlock_free.upc:
 *   1  #include <upc.h>
 *   2  int main(void) {
 *   3      upc_lock_t *l = upc_global_lock_alloc();
 *   4      upc_unlock(l);
 *   5      return 0;
 *   6  }
 */
#include "testprog.h"

TEST_FILES("neg_unlock_free.upc");

TEST_MAIN
{
	upcr_sptr_t l = upcr_global_lock_alloc(UPCR_LOC(0, 3));
	upcr_unlock(l, UPCR_LOC(0, 4));
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
