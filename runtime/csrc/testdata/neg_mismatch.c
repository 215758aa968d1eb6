/* Translated from neg_mismatch.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  int main(void) {
 *   4      upc_barrier 5;
 *   5      upc_barrier (MYTHREAD == 2 ? 7 : 5);
 *   6      printf("not reached\n");
 *   7      return 0;
 *   8  }
 */
#include "testprog.h"

TEST_FILES("neg_mismatch.upc");

TEST_MAIN
{
	upcr_barrier(1, 5, UPCR_LOC(0, 4));
	upcr_barrier(1, MYTHREAD == 2 ? 7 : 5, UPCR_LOC(0, 5));
	printf("not reached\n");
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
