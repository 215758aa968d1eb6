/* Translated from neg_timeout.upc:
 *   1  #include <upc.h>
 *   2  int main(void) {
 *   3      volatile int spin = 1;
 *   4      upc_barrier;
 *   5      if (MYTHREAD == 0) while (spin) ;
 *   6      upc_barrier;
 *   7      return 0;
 *   8  }
 */
#include "testprog.h"

TEST_FILES("neg_timeout.upc");

TEST_MAIN
{
	volatile int spin = 1;
	upcr_barrier(0, 0, UPCR_LOC(0, 4));
	if (MYTHREAD == 0)
		while (spin)
			;
	upcr_barrier(0, 0, UPCR_LOC(0, 6));
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
