/* Translated from stats.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  shared double a[THREADS];
 *   4  shared double total;
 *   5  int main(void) {
 *   6      int i;
 *   7      a[MYTHREAD] = MYTHREAD;
 *   8      upc_barrier;
 *   9      double s = 0;
 *  10      for (i = 0; i < 10; i++) s += a[(MYTHREAD + 1) % THREADS];
 *  11      if (MYTHREAD == 0) total = 1.0;
 *  12      upc_barrier;
 *  13      s += total;
 *  14      upc_barrier;
 *  15      printf("s %.1f\n", s);
 *  16      return 0;
 *  17  }
 */
#include "testprog.h"

TEST_FILES("stats.upc");

static upcr_sptr_t a, total;

static const upcr_shared_decl_t upcr_shared[] = {
	{&a, "a", sizeof(double), 1, 1, 1, NULL, 0},
	{&total, "total", sizeof(double), 0, 1, 0, NULL, 0},
};

TEST_MAIN
{
	int i;
	upcr_put_double(upcr_index(a, MYTHREAD, sizeof(double), 1), MYTHREAD, UPCR_LOC(0, 7));
	upcr_barrier(0, 0, UPCR_LOC(0, 8));
	double s = 0;
	for (i = 0; i < 10; i++)
		s += upcr_get_double(upcr_index(a, (MYTHREAD + 1) % THREADS, sizeof(double), 1), UPCR_LOC(0, 10));
	if (MYTHREAD == 0)
		upcr_put_double(total, 1.0, UPCR_LOC(0, 11));
	upcr_barrier(0, 0, UPCR_LOC(0, 12));
	s += upcr_get_double(total, UPCR_LOC(0, 13));
	upcr_barrier(0, 0, UPCR_LOC(0, 14));
	printf("s %.1f\n", s);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
