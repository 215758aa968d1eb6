/* Translated from barrier.upc (benchmark: barrier cost):
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  #include <stdlib.h>
 *   4  #include <time.h>
 *   5  int main(int argc, char **argv) {
 *   6      int n = atoi(argv[1]), i;
 *   7      struct timespec t0, t1, c0, c1;   (and CPU time: c0, c1)
 *   8      upc_barrier;
 *   9      clock_gettime(CLOCK_MONOTONIC, &t0);
 *  10      for (i = 0; i < n; i++) upc_barrier;
 *  11      clock_gettime(CLOCK_MONOTONIC, &t1);
 *  12      if (MYTHREAD == 0)
 *  13          printf("%.1f ns/barrier\n", ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / n);
 *  14      return 0;
 *  15  }
 */
#include "upcr.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char *const upcr_files[] = {"barrier.upc"};

int upcr_user_main(int argc, char **argv)
{
	(void)argc;
	int n = atoi(argv[1]), i;
	struct timespec t0, t1, c0, c1;
	upcr_barrier(0, 0, UPCR_LOC(0, 8));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	for (i = 0; i < n; i++)
		upcr_barrier(0, 0, UPCR_LOC(0, 10));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	if (MYTHREAD == 0)
		printf("%.1f ns/barrier cpu %.1f\n", ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / n,
		       ((c1.tv_sec - c0.tv_sec) * 1e9 + (c1.tv_nsec - c0.tv_nsec)) / n);
	return 0;
}

UPCR_PROGRAM_NOSHARED(upcr_files, NULL, upcr_user_main);
