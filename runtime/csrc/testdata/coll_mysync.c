/* Translated from coll_mysync.upc: an all-reduce built from a reduction and
 * a broadcast that order their accesses with MYSYNC (each thread writes
 * only its own source element and reads only its own broadcast element),
 * 20 times in a row with no barrier: the library orders them point to
 * point, so the only barriers the model charges are start-up and exit
 * (2(o+L)ceil(log2 THREADS) each), and the loop is one phase in which the
 * root pulls ceil(log2 THREADS) partials (9 bytes) and pushes as many
 * copies (8 bytes) per iteration.  A child reuses its partial's slot only
 * after the parent read it, so the results stay right although no thread
 * waits for the others between iterations.
 *   1  #include <upc.h>
 *   2  #include <upc_collective.h>
 *   3  #include <stdio.h>
 *   4  shared long src[THREADS];
 *   5  shared long dst;
 *   6  shared long all[THREADS];
 *   7  int main(void) {
 *   8      long bad = 0;
 *   9      for (int it = 0; it < 20; it++) {
 *  10          src[MYTHREAD] = MYTHREAD + it;
 *  11          upc_all_reduceL(&dst, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
 *  12          upc_all_broadcast(all, &dst, sizeof(long), UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
 *  13          bad += all[MYTHREAD] != (long)THREADS * (THREADS - 1) / 2 + (long)it * THREADS;
 *  14      }
 *  15      printf("bad %ld\n", bad);
 *  16      return 0;
 *  17  }
 */
#include "testprog.h"

TEST_FILES("coll_mysync.upc");

static upcr_sptr_t src, dst, all;
static const upcr_shared_decl_t upcr_shared[] = {
	{&src, "src", sizeof(long), 1, 1, 1, NULL, 0},
	{&dst, "dst", sizeof(long), 0, 1, 0, NULL, 0},
	{&all, "all", sizeof(long), 1, 1, 1, NULL, 0},
};

TEST_MAIN
{
	long bad = 0;
	for (int it = 0; it < 20; it++) {
		upcr_put_long(upcr_index(src, MYTHREAD, sizeof(long), 1), (long)MYTHREAD + it, UPCR_LOC(0, 10));
		upcr_all_reduceL(dst, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_MYSYNC | UPC_OUT_MYSYNC, UPCR_LOC(0, 11));
		upcr_all_broadcast(all, dst, sizeof(long), UPC_IN_MYSYNC | UPC_OUT_MYSYNC, UPCR_LOC(0, 12));
		bad += upcr_get_long(upcr_index(all, MYTHREAD, sizeof(long), 1), UPCR_LOC(0, 13)) !=
		       (long)THREADS * (THREADS - 1) / 2 + (long)it * THREADS;
	}
	printf("bad %ld\n", bad);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
