/* Translated from hello.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  int main(void) {
 *   4      printf("hello from thread %d of %d\n", MYTHREAD, THREADS);
 *   5      upc_barrier;
 *   6      return 0;
 *   7  }
 */
#include "testprog.h"

TEST_FILES("hello.upc");

TEST_MAIN
{
	printf("hello from thread %d of %d\n", MYTHREAD, THREADS);
	upcr_barrier(0, 0, UPCR_LOC(0, 5));
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
