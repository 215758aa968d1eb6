/* Translated from neg_deadlock.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  int main(void) {
 *   4      printf("start %d\n", MYTHREAD);
 *   5      if (MYTHREAD == 0)
 *   6          upc_barrier;           // only thread 0 gets here
 *   7      return 0;
 *   8  }
 */
#include "testprog.h"

TEST_FILES("neg_deadlock.upc");

TEST_MAIN
{
	printf("start %d\n", MYTHREAD);
	if (MYTHREAD == 0)
		upcr_barrier(0, 0, UPCR_LOC(0, 6));
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
