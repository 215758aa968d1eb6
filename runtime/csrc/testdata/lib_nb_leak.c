/* Translated from lib_nb_leak.upc:
 *   1  #include <upc.h>
 *   2  #include <upc_nb.h>
 *   3  #include <stdio.h>
 *   4  shared int x[THREADS];
 *   5  int main(void) {
 *   6      int v = MYTHREAD;
 *   7      upc_handle_t h = upc_memput_nb(&x[MYTHREAD], &v, sizeof v);
 *   8      upc_memget_nb(&v, &x[(MYTHREAD + 1) % THREADS], sizeof v);
 *   9      upc_sync(h);
 *  10      printf("done\n");
 *  11      return 0;
 *  12  }
 */
#include "testprog.h"

TEST_FILES("lib_nb_leak.upc");

static upcr_sptr_t x;

static const upcr_shared_decl_t upcr_shared[] = {
	{&x, "x", sizeof(int), 1, 1, 1, NULL, 0},
};

TEST_MAIN
{
	int v = MYTHREAD;
	upc_handle_t h = upcr_memput_nb(upcr_index(x, MYTHREAD, sizeof(int), 1), &v, sizeof v, UPCR_LOC(0, 7));
	upcr_memget_nb(&v, upcr_index(x, (MYTHREAD + 1) % THREADS, sizeof(int), 1), sizeof v, UPCR_LOC(0, 8));
	upcr_sync(h, UPCR_LOC(0, 9));
	printf("done\n");
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
