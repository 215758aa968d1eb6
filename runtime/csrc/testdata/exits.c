/* Translated from exits.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  #include <stdlib.h>
 *   4  int main(int argc, char **argv) {
 *   5      int mode = atoi(argv[1]);
 *   6      printf("thread %d starts\n", MYTHREAD);
 *   7      upc_barrier;
 *   8      if (mode == 1 && MYTHREAD == THREADS - 1) return 3;       // one thread fails
 *   9      if (mode == 2) {
 *  10          if (MYTHREAD == THREADS - 1) upc_global_exit(5);      // ends all threads
 *  11          upc_barrier;                                          // the others wait here
 *  12          printf("not reached\n");
 *  13      }
 *  14      if (mode == 3 && MYTHREAD == 0) exit(4);                  // C exit: thread termination
 *  15      return 0;
 *  16  }
 */
#include "testprog.h"
#include <stdlib.h>

TEST_FILES("exits.upc");

int upcr_user_main(int argc, char **argv)
{
	(void)argc;
	int mode = atoi(argv[1]);
	printf("thread %d starts\n", MYTHREAD);
	upcr_barrier(0, 0, UPCR_LOC(0, 7));
	if (mode == 1 && MYTHREAD == THREADS - 1)
		return 3;
	if (mode == 2) {
		if (MYTHREAD == THREADS - 1)
			upcr_global_exit(5, UPCR_LOC(0, 10));
		upcr_barrier(0, 0, UPCR_LOC(0, 11));
		printf("not reached\n");
	}
	if (mode == 3 && MYTHREAD == 0)
		exit(4);
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
