/* Translated from neg_notify.upc:
 *   1  #include <upc.h>
 *   2  int main(void) {
 *   3      upc_notify;
 *   4      upc_barrier;      // = notify; wait: a second notify
 *   5      upc_wait;
 *   6      return 0;
 *   7  }
 */
#include "testprog.h"

TEST_FILES("neg_notify.upc");

TEST_MAIN
{
	upcr_notify(0, 0, UPCR_LOC(0, 3));
	upcr_barrier(0, 0, UPCR_LOC(0, 4));
	upcr_wait(0, 0, UPCR_LOC(0, 5));
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
