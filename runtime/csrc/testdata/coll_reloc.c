/* Translated from coll_reloc.upc (static THREADS): every relocalization
 * collective with all nine combinations of synchronisation flags; every
 * thread checks every destination element.
 *   1  #include <upc.h>
 *   2  #include <upc_collective.h>
 *   3  #include <stdio.h>
 *   4  #define N 2
 *   5  shared [] int one[N];
 *   6  shared [N] int bd[N*THREADS], sd[N*THREADS], gs[N*THREADS], pd[N*THREADS];
 *   7  shared [] int all[N*THREADS], gd[N*THREADS];
 *   8  shared [N*THREADS] int xs[N*THREADS*THREADS], xd[N*THREADS*THREADS], gad[N*THREADS*THREADS];
 *   9  shared int perm[THREADS];
 *  10  int errs[6];
 *  11  static void check(int c, int v, int want) { if (v != want) errs[c]++; }
 *  12  int main(void) {
 *  13      static const upc_flag_t in[3] = {UPC_IN_ALLSYNC, UPC_IN_MYSYNC, UPC_IN_NOSYNC};
 *  14      static const upc_flag_t out[3] = {UPC_OUT_ALLSYNC, UPC_OUT_MYSYNC, UPC_OUT_NOSYNC};
 *  15      int T = THREADS, me = MYTHREAD;
 *  16      for (int r = 0; r < 9; r++) {
 *  17          upc_flag_t f = in[r / 3] | out[r % 3];
 *  18          if (me == 0)
 *  19              for (int k = 0; k < N; k++) one[k] = 1000 * r + k;
 *  20          if (me == 0)
 *  21              for (int i = 0; i < N * T; i++) all[i] = 100 * r + i;
 *  22          for (int k = 0; k < N; k++) gs[me * N + k] = 10 * r + me * N + k;
 *  23          for (int i = 0; i < T; i++)
 *  24              for (int k = 0; k < N; k++) xs[me * N * T + i * N + k] = r * 1000 + me * 100 + i * 10 + k;
 *  25          perm[me] = (me + r + 1) % T;
 *  26          if (r / 3 == 2) upc_barrier;
 *  27          upc_all_broadcast(bd, one, N * sizeof(int), f);
 *  28          upc_all_scatter(sd, all, N * sizeof(int), f);
 *  29          upc_all_gather(gd, gs, N * sizeof(int), f);
 *  30          upc_all_gather_all(gad, gs, N * sizeof(int), f);
 *  31          upc_all_exchange(xd, xs, N * sizeof(int), f);
 *  32          upc_all_permute(pd, gs, perm, N * sizeof(int), f);
 *  33          if (r % 3 != 0) upc_barrier;
 *  34          for (int t = 0; t < T; t++)
 *  35              for (int k = 0; k < N; k++) {
 *  36                  check(0, bd[t * N + k], 1000 * r + k);
 *  37                  check(1, sd[t * N + k], 100 * r + t * N + k);
 *  38                  check(2, gd[t * N + k], 10 * r + t * N + k);
 *  39                  check(4, pd[(t + r + 1) % T * N + k], 10 * r + t * N + k);
 *  40                  for (int i = 0; i < T; i++) {
 *  41                      check(3, gad[t * N * T + i * N + k], 10 * r + i * N + k);
 *  42                      check(5, xd[t * N * T + i * N + k], r * 1000 + i * 100 + t * 10 + k);
 *  43                  }
 *  44              }
 *  45          upc_barrier;
 *  46      }
 *  47      printf("broadcast %d scatter %d gather %d gather_all %d permute %d exchange %d\n",
 *  48             errs[0], errs[1], errs[2], errs[3], errs[4], errs[5]);
 *  49      return 0;
 *  50  }
 */
#include "testprog.h"

TEST_FILES("coll_reloc.upc");

#define N 2
static upcr_sptr_t one, bd, sd, gs, pd, all, gd, xs, xd, gad, perm;
static const upcr_shared_decl_t upcr_shared[] = {
	{&one, "one", sizeof(int), 0, N, 0, NULL, 0},
	{&bd, "bd", sizeof(int), N, N * THREADS, 0, NULL, 0},
	{&sd, "sd", sizeof(int), N, N * THREADS, 0, NULL, 0},
	{&gs, "gs", sizeof(int), N, N * THREADS, 0, NULL, 0},
	{&pd, "pd", sizeof(int), N, N * THREADS, 0, NULL, 0},
	{&all, "all", sizeof(int), 0, N * THREADS, 0, NULL, 0},
	{&gd, "gd", sizeof(int), 0, N * THREADS, 0, NULL, 0},
	{&xs, "xs", sizeof(int), N * THREADS, N * THREADS * THREADS, 0, NULL, 0},
	{&xd, "xd", sizeof(int), N * THREADS, N * THREADS * THREADS, 0, NULL, 0},
	{&gad, "gad", sizeof(int), N * THREADS, N * THREADS * THREADS, 0, NULL, 0},
	{&perm, "perm", sizeof(int), 1, THREADS, 0, NULL, 0},
};

int errs[6];
static void check(int c, int v, int want)
{
	if (v != want)
		errs[c]++;
}

TEST_MAIN
{
	static const upc_flag_t in[3] = {UPC_IN_ALLSYNC, UPC_IN_MYSYNC, UPC_IN_NOSYNC};
	static const upc_flag_t out[3] = {UPC_OUT_ALLSYNC, UPC_OUT_MYSYNC, UPC_OUT_NOSYNC};
	int T = THREADS, me = MYTHREAD;
	for (int r = 0; r < 9; r++) {
		upc_flag_t f = in[r / 3] | out[r % 3];
		if (me == 0)
			for (int k = 0; k < N; k++)
				upcr_put_int(upcr_index(one, k, sizeof(int), 0), 1000 * r + k, UPCR_LOC(0, 19));
		if (me == 0)
			for (int i = 0; i < N * T; i++)
				upcr_put_int(upcr_index(all, i, sizeof(int), 0), 100 * r + i, UPCR_LOC(0, 21));
		for (int k = 0; k < N; k++)
			upcr_put_int(upcr_index(gs, me * N + k, sizeof(int), N), 10 * r + me * N + k, UPCR_LOC(0, 22));
		for (int i = 0; i < T; i++)
			for (int k = 0; k < N; k++)
				upcr_put_int(upcr_index(xs, me * N * T + i * N + k, sizeof(int), N * THREADS),
					     r * 1000 + me * 100 + i * 10 + k, UPCR_LOC(0, 24));
		upcr_put_int(upcr_index(perm, me, sizeof(int), 1), (me + r + 1) % T, UPCR_LOC(0, 25));
		if (r / 3 == 2)
			upcr_barrier(0, 0, UPCR_LOC(0, 26));
		upcr_all_broadcast(bd, one, N * sizeof(int), f, UPCR_LOC(0, 27));
		upcr_all_scatter(sd, all, N * sizeof(int), f, UPCR_LOC(0, 28));
		upcr_all_gather(gd, gs, N * sizeof(int), f, UPCR_LOC(0, 29));
		upcr_all_gather_all(gad, gs, N * sizeof(int), f, UPCR_LOC(0, 30));
		upcr_all_exchange(xd, xs, N * sizeof(int), f, UPCR_LOC(0, 31));
		upcr_all_permute(pd, gs, perm, N * sizeof(int), f, UPCR_LOC(0, 32));
		if (r % 3 != 0)
			upcr_barrier(0, 0, UPCR_LOC(0, 33));
		for (int t = 0; t < T; t++)
			for (int k = 0; k < N; k++) {
				check(0, upcr_get_int(upcr_index(bd, t * N + k, sizeof(int), N), UPCR_LOC(0, 36)),
				      1000 * r + k);
				check(1, upcr_get_int(upcr_index(sd, t * N + k, sizeof(int), N), UPCR_LOC(0, 37)),
				      100 * r + t * N + k);
				check(2, upcr_get_int(upcr_index(gd, t * N + k, sizeof(int), 0), UPCR_LOC(0, 38)),
				      10 * r + t * N + k);
				check(4,
				      upcr_get_int(upcr_index(pd, (t + r + 1) % T * N + k, sizeof(int), N),
						   UPCR_LOC(0, 39)),
				      10 * r + t * N + k);
				for (int i = 0; i < T; i++) {
					check(3,
					      upcr_get_int(upcr_index(gad, t * N * T + i * N + k, sizeof(int), N * THREADS),
							   UPCR_LOC(0, 41)),
					      10 * r + i * N + k);
					check(5,
					      upcr_get_int(upcr_index(xd, t * N * T + i * N + k, sizeof(int), N * THREADS),
							   UPCR_LOC(0, 42)),
					      r * 1000 + i * 100 + t * 10 + k);
				}
			}
		upcr_barrier(0, 0, UPCR_LOC(0, 45));
	}
	printf("broadcast %d scatter %d gather %d gather_all %d permute %d exchange %d\n", errs[0], errs[1], errs[2],
	       errs[3], errs[4], errs[5]);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
