/* Translated from neg_atomic_op.upc:
 *   1  #include <upc.h>
 *   2  #include <upc_atomic.h>
 *   3  shared int x;
 *   4  int main(void) {
 *   5      upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_INT, UPC_INC | UPC_GET, 0);
 *   6      int v = 2;
 *   7      upc_atomic_relaxed(d, NULL, UPC_INC, &x, NULL, NULL);
 *   8      upc_barrier;
 *   9      if (MYTHREAD == THREADS - 1)
 *  10          upc_atomic_relaxed(d, NULL, UPC_SUB, &x, &v, NULL);
 *  11      return 0;
 *  12  }
 */
#include "testprog.h"

TEST_FILES("neg_atomic_op.upc");

static upcr_sptr_t x;

static const upcr_shared_decl_t upcr_shared[] = {
	{&x, "x", sizeof(int), 0, 1, 0, NULL, 0},
};

TEST_MAIN
{
	upcr_sptr_t d = upcr_all_atomicdomain_alloc(UPC_INT, UPC_INC | UPC_GET, 0, UPCR_LOC(0, 5));
	int v = 2;
	upcr_atomic_relaxed(d, NULL, UPC_INC, x, NULL, NULL, UPCR_LOC(0, 7));
	upcr_barrier(0, 0, UPCR_LOC(0, 8));
	if (MYTHREAD == THREADS - 1)
		upcr_atomic_relaxed(d, NULL, UPC_SUB, x, &v, NULL, UPCR_LOC(0, 10));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
