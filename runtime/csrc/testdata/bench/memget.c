/* Translated from memget.upc (benchmark: bulk copy bandwidth):
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  #include <stdlib.h>
 *   4  #include <string.h>
 *   5  #include <time.h>
 *   6  #define MB (1 << 20)
 *   7  shared [MB] char buf[MB * THREADS];
 *   8  static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
 *   9  int main(int argc, char **argv) {
 *  10      int n = atoi(argv[1]), i;
 *  11      char *dst = malloc(MB), *src = malloc(MB);
 *  12      memset(src, 1, MB); memset(dst, 0, MB);
 *  13      upc_memset(&buf[MYTHREAD * MB], 2, MB);
 *  14      upc_barrier;
 *  15      if (MYTHREAD == 0) {
 *  16          double t0 = now();
 *  17          for (i = 0; i < n; i++) upc_memget(dst, &buf[(THREADS - 1) * MB], MB);
 *  18          double t1 = now();
 *  19          for (i = 0; i < n; i++) { memcpy(dst, src, MB); __asm__ volatile("" ::: "memory"); }
 *  20          double t2 = now();
 *  21          printf("memget %.0f MB/s memcpy %.0f MB/s\n", n * MB / (t1 - t0) * 1e3, n * MB / (t2 - t1) * 1e3);
 *  22      }
 *  23      upc_barrier;
 *  24      return 0;
 *  25  }
 */
#include "upcr.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const upcr_files[] = {"memget.upc"};

#define MB (1 << 20)
static upcr_sptr_t buf;

static const upcr_shared_decl_t upcr_shared[] = {
	{&buf, "buf", 1, MB, MB, 1, NULL, 0},
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
	int n = atoi(argv[1]), i;
	char *dst = malloc(MB), *src = malloc(MB);
	memset(src, 1, MB);
	memset(dst, 0, MB);
	upcr_memset(upcr_index(buf, (int64_t)MYTHREAD * MB, 1, MB), 2, MB, UPCR_LOC(0, 13));
	upcr_barrier(0, 0, UPCR_LOC(0, 14));
	if (MYTHREAD == 0) {
		double t0 = now();
		for (i = 0; i < n; i++)
			upcr_memget(dst, upcr_index(buf, (int64_t)(THREADS - 1) * MB, 1, MB), MB, UPCR_LOC(0, 17));
		double t1 = now();
		for (i = 0; i < n; i++) {
			memcpy(dst, src, MB);
			__asm__ volatile("" ::: "memory");
		}
		double t2 = now();
		/* bytes per nanosecond = GB/s; times 1000 = MB/s (decimal) */
		printf("memget %.0f MB/s memcpy %.0f MB/s\n", (double)n * MB / (t1 - t0) * 1e3,
		       (double)n * MB / (t2 - t1) * 1e3);
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 23));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
