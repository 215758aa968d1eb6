/* Translated from neg_collective.upc (run with --check):
 *   1  #include <upc.h>
 *   2  int main(void) {
 *   3      shared void *p = upc_all_alloc(THREADS, MYTHREAD == 1 ? 8 : 4);   // not single-valued
 *   4      return 0;
 *   5  }
 */
#include "testprog.h"

TEST_FILES("neg_collective.upc");

TEST_MAIN
{
	upcr_sptr_t p = upcr_all_alloc(THREADS, MYTHREAD == 1 ? 8 : 4, UPCR_LOC(0, 3));
	(void)p;
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
