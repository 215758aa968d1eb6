/* Translated from coll_hotspot.upc: the allreduce idiom's hidden broadcast.
 * Every thread reads the shared result of a reduction (line 9) between two
 * collectives that synchronise all threads, so thread 0 serves THREADS-1
 * reads in that interval: the network model charges the interval
 * max(2o+2L+8G, (THREADS-1)(o+8G)), linear in THREADS.
 *   1  #include <upc.h>
 *   2  #include <upc_collective.h>
 *   3  #include <stdio.h>
 *   4  shared unsigned long src[THREADS];
 *   5  shared unsigned long dst, dst2;
 *   6  int main(void) {
 *   7      src[MYTHREAD] = MYTHREAD + 1;
 *   8      upc_all_reduceUL(&dst, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
 *   9      unsigned long v = dst;
 *  10      upc_all_reduceUL(&dst2, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
 *  11      printf("%lu\n", v);
 *  12      return 0;
 *  13  }
 */
#include "testprog.h"

TEST_FILES("coll_hotspot.upc");

static upcr_sptr_t src, dst, dst2;
static const upcr_shared_decl_t upcr_shared[] = {
	{&src, "src", sizeof(unsigned long), 1, 1, 1, NULL, 0},
	{&dst, "dst", sizeof(unsigned long), 0, 1, 0, NULL, 0},
	{&dst2, "dst2", sizeof(unsigned long), 0, 1, 0, NULL, 0},
};

TEST_MAIN
{
	upcr_put_ulong(upcr_index(src, MYTHREAD, sizeof(unsigned long), 1), (unsigned long)MYTHREAD + 1,
		       UPCR_LOC(0, 7));
	upcr_all_reduceUL(dst, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPCR_LOC(0, 8));
	unsigned long v = upcr_get_ulong(dst, UPCR_LOC(0, 9));
	upcr_all_reduceUL(dst2, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPCR_LOC(0, 10));
	printf("%lu\n", v);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
