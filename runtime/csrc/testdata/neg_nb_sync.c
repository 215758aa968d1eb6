/* Translated from neg_nb_sync.upc:
 *   1  #include <upc.h>
 *   2  #include <upc_nb.h>
 *   3  shared int x[THREADS];
 *   4  int main(void) {
 *   5      int v = MYTHREAD;
 *   6      upc_handle_t h = upc_memput_nb(&x[MYTHREAD], &v, sizeof v);
 *   7      upc_sync(h);
 *   8      if (MYTHREAD == THREADS - 1)
 *   9          upc_sync(h);
 *  10      return 0;
 *  11  }
 */
#include "testprog.h"

TEST_FILES("neg_nb_sync.upc");

static upcr_sptr_t x;

static const upcr_shared_decl_t upcr_shared[] = {
	{&x, "x", sizeof(int), 1, 1, 1, NULL, 0},
};

TEST_MAIN
{
	int v = MYTHREAD;
	upc_handle_t h = upcr_memput_nb(upcr_index(x, MYTHREAD, sizeof(int), 1), &v, sizeof v, UPCR_LOC(0, 6));
	upcr_sync(h, UPCR_LOC(0, 7));
	if (MYTHREAD == THREADS - 1)
		upcr_sync(h, UPCR_LOC(0, 9));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
