/* Translated from kernel.upc (benchmark: the shared-access fast path):
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  #include <stdlib.h>
 *   4  #include <time.h>
 *   5  #define N 4096
 *   6  shared [*] double a[N*THREADS], b[N*THREADS];
 *   7  int main(int argc, char **argv) {
 *   8      int reps = atoi(argv[1]), r, i;
 *   9      upc_forall (i = 0; i < N*THREADS; i++; &a[i]) { a[i] = i % 7; b[i] = 0; }
 *  10      upc_barrier;
 *  11      struct timespec t0, t1;
 *  12      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
 *  13      for (r = 0; r < reps; r++) {
 *  14          for (i = 1; i < N - 1; i++)
 *  15              b[i] = 0.25 * (a[i-1] + 2.0 * a[i] + a[i+1]) + 1e-9 * r;
 *  16          for (i = 1; i < N - 1; i++)
 *  17              a[i] = 0.25 * (b[i-1] + 2.0 * b[i] + b[i+1]);
 *  18      }
 *  19      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
 *  20      double ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
 *  21      if (MYTHREAD == 0) printf("%.3f ns/point check %.6f\n", ns / ((double)reps * 2 * (N - 2)), a[N/2]);
 *  22      return 0;
 *  23  }
 */
#include "upcr.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char *const upcr_files[] = {"kernel.upc"};

#define N 4096
static upcr_sptr_t a, b;

static const upcr_shared_decl_t upcr_shared[] = {
	{&a, "a", sizeof(double), N, N, 1, NULL, 0},
	{&b, "b", sizeof(double), N, N, 1, NULL, 0},
};

int upcr_user_main(int argc, char **argv)
{
	(void)argc;
	int reps = atoi(argv[1]), r, i;
	{
		int upcr_ctl = upcr_forall_begin();
		for (i = 0; i < N * THREADS; i++) {
			if (!upcr_forall_mine_ptr(upcr_ctl, upcr_index(a, i, sizeof(double), N)))
				continue;
			upcr_put_double(upcr_index(a, i, sizeof(double), N), i % 7, UPCR_LOC(0, 9));
			upcr_put_double(upcr_index(b, i, sizeof(double), N), 0, UPCR_LOC(0, 9));
		}
		upcr_forall_end();
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 10));
	struct timespec t0, t1;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	for (r = 0; r < reps; r++) {
		for (i = 1; i < N - 1; i++)
			upcr_put_double(upcr_index(b, i, sizeof(double), N),
					0.25 * (upcr_get_double(upcr_index(a, i - 1, sizeof(double), N), UPCR_LOC(0, 15)) +
						2.0 * upcr_get_double(upcr_index(a, i, sizeof(double), N), UPCR_LOC(0, 15)) +
						upcr_get_double(upcr_index(a, i + 1, sizeof(double), N), UPCR_LOC(0, 15))) +
						1e-9 * r,
					UPCR_LOC(0, 15));
		for (i = 1; i < N - 1; i++)
			upcr_put_double(upcr_index(a, i, sizeof(double), N),
					0.25 * (upcr_get_double(upcr_index(b, i - 1, sizeof(double), N), UPCR_LOC(0, 17)) +
						2.0 * upcr_get_double(upcr_index(b, i, sizeof(double), N), UPCR_LOC(0, 17)) +
						upcr_get_double(upcr_index(b, i + 1, sizeof(double), N), UPCR_LOC(0, 17))),
					UPCR_LOC(0, 17));
	}
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
	double ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
	if (MYTHREAD == 0)
		printf("%.3f ns/point check %.6f\n", ns / ((double)reps * 2 * (N - 2)),
		       upcr_get_double(upcr_index(a, N / 2, sizeof(double), N), UPCR_LOC(0, 21)));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
