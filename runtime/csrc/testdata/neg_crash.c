/* Translated from neg_crash.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  shared int x[THREADS];
 *   4  int main(void) {
 *   5      volatile int *volatile p = NULL;
 *   6      x[MYTHREAD] = 1;
 *   7      upc_barrier;
 *   8      if (MYTHREAD == 1) *p = x[0];
 *   9      upc_barrier;
 *  10      return 0;
 *  11  }
 */
#include "testprog.h"

TEST_FILES("neg_crash.upc");

static upcr_sptr_t x;

static const upcr_shared_decl_t upcr_shared[] = {
	{&x, "x", sizeof(int), 1, 1, 1, NULL, 0},
};

TEST_MAIN
{
	volatile int *volatile p = NULL;
	upcr_put_int(upcr_index(x, MYTHREAD, sizeof(int), 1), 1, UPCR_LOC(0, 6));
	upcr_barrier(0, 0, UPCR_LOC(0, 7));
	if (MYTHREAD == 1)
		*p = upcr_get_int(upcr_index(x, 0, sizeof(int), 1), UPCR_LOC(0, 8));
	upcr_barrier(0, 0, UPCR_LOC(0, 9));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
