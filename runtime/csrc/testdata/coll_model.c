/* Translated from coll_model.upc: one broadcast of 8 bytes; the root sends
 * along a binomial tree, so its modeled cost is ceil(log2 THREADS) messages.
 * Modeled time: four phases closed by barriers (start-up, IN_ALLSYNC,
 * OUT_ALLSYNC, exit) of 2(o+L)ceil(log2 THREADS) each, plus the tree's
 * critical path ceil(log2 THREADS)(2o+2L+8G) = 18000.64 ns per tree level.
 *   1  #include <upc.h>
 *   2  #include <upc_collective.h>
 *   3  #include <stdio.h>
 *   4  shared [] double one[1];
 *   5  shared double bd[THREADS];
 *   6  int main(void) {
 *   7      if (MYTHREAD == 0) one[0] = 2.5;
 *   8      upc_all_broadcast(bd, one, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
 *   9      printf("%g\n", bd[MYTHREAD]);
 *  10      return 0;
 *  11  }
 */
#include "testprog.h"

TEST_FILES("coll_model.upc");

static upcr_sptr_t one, bd;
static const upcr_shared_decl_t upcr_shared[] = {
	{&one, "one", sizeof(double), 0, 1, 0, NULL, 0},
	{&bd, "bd", sizeof(double), 1, 1, 1, NULL, 0},
};

TEST_MAIN
{
	if (MYTHREAD == 0)
		upcr_put_double(upcr_index(one, 0, sizeof(double), 0), 2.5, UPCR_LOC(0, 7));
	upcr_all_broadcast(bd, one, sizeof(double), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPCR_LOC(0, 8));
	printf("%g\n", upcr_get_double(upcr_index(bd, MYTHREAD, sizeof(double), 1), UPCR_LOC(0, 9)));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
