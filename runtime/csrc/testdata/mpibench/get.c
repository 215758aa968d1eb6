/* Translated from get.upc (benchmark: remote reads on the MPI backend):
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  #include <stdlib.h>
 *   4  #include <time.h>
 *   5  #define MB (1 << 20)
 *   6  shared [MB] char buf[MB * THREADS];
 *   7  shared double x[THREADS];
 *   8  static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
 *   9  int main(int argc, char **argv) {
 *  10      int n = atoi(argv[1]), m = atoi(argv[2]), i;
 *  11      char *dst = malloc(MB);
 *  12      double s = 0;
 *  13      upc_memset(&buf[MYTHREAD * MB], 2, MB);
 *  14      x[MYTHREAD] = MYTHREAD;
 *  15      upc_barrier;
 *  16      if (MYTHREAD == 0) {
 *  17          double t0 = now();
 *  18          for (i = 0; i < n; i++) upc_memget(dst, &buf[(THREADS - 1) * MB], MB);
 *  19          double t1 = now();
 *  20          for (i = 0; i < m; i++) s += x[THREADS - 1];
 *  21          double t2 = now();
 *  22          printf("memget1MB %.1f ns get8 %.1f ns (%g %d)\n", (t1 - t0) / n, (t2 - t1) / m, s, dst[7]);
 *  23      }
 *  24      upc_barrier;
 *  25      return 0;
 *  26  }
 */
#include "upcr.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char *const upcr_files[] = {"get.upc"};

#define MB (1 << 20)
static upcr_sptr_t buf, x;

static const upcr_shared_decl_t upcr_shared[] = {
	{&buf, "buf", 1, MB, MB, 1, NULL, 0},
	{&x, "x", sizeof(double), 1, 1, 1, NULL, 0},
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

int upcr_user_main(int argc, char **argv)
{
	(void)argc;
	int n = atoi(argv[1]), m = atoi(argv[2]), i;
	char *dst = malloc(MB);
	double s = 0;
	upcr_memset(upcr_index(buf, (int64_t)MYTHREAD * MB, 1, MB), 2, MB, UPCR_LOC(0, 13));
	upcr_put_double(upcr_index(x, MYTHREAD, sizeof(double), 1), MYTHREAD, UPCR_LOC(0, 14));
	upcr_barrier(0, 0, UPCR_LOC(0, 15));
	if (MYTHREAD == 0) {
		double t0 = now();
		for (i = 0; i < n; i++)
			upcr_memget(dst, upcr_index(buf, (int64_t)(THREADS - 1) * MB, 1, MB), MB, UPCR_LOC(0, 18));
		double t1 = now();
		for (i = 0; i < m; i++)
			s += upcr_get_double(upcr_index(x, THREADS - 1, sizeof(double), 1), UPCR_LOC(0, 20));
		double t2 = now();
		printf("memget1MB %.1f ns get8 %.1f ns (%g %d)\n", (t1 - t0) / n, (t2 - t1) / m, s, dst[7]);
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 24));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
