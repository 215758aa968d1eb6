/* Translated from lib_nb.upc:
 *   1  #include <upc.h>
 *   2  #include <upc_nb.h>
 *   3  #include <upc_tick.h>
 *   4  #include <stdio.h>
 *   5  #define N 8
 *   6  shared [N] int a[N*THREADS];
 *   7  shared [N] int b[N*THREADS];
 *   8  int main(void) {
 *   9      int i, mine[N], got[N], bad = 0;
 *  10      upc_tick_t t0 = upc_ticks_now();
 *  11      for (i = 0; i < N; i++) mine[i] = MYTHREAD * 100 + i;
 *  12      upc_handle_t h = upc_memput_nb(&a[MYTHREAD * N], mine, sizeof mine);
 *  13      upc_sync(h);
 *  14      upc_barrier;
 *  15      int r = (MYTHREAD + 1) % THREADS;
 *  16      h = upc_memget_nb(got, &a[r * N], sizeof got);
 *  17      while (!upc_sync_attempt(h)) ;
 *  18      for (i = 0; i < N; i++) if (got[i] != r * 100 + i) bad++;
 *  19      upc_memcpy_nbi(&b[r * N], &a[r * N], N * sizeof(int));
 *  20      upc_synci();
 *  21      upc_barrier;
 *  22      upc_handle_t hs[2];
 *  23      hs[0] = upc_memset_nb(&b[MYTHREAD * N + N / 2], 0, N / 2 * sizeof(int));
 *  24      hs[1] = UPC_COMPLETE_HANDLE;
 *  25      printf("live %d\n", hs[0] != UPC_COMPLETE_HANDLE);
 *  26      upc_sync(hs[1]);
 *  27      printf("attempt %d %d\n", upc_sync_attempt(hs[0]) != 0, upc_sync_attempt(hs[1]) != 0);
 *  28      for (i = 0; i < N; i++) if (b[MYTHREAD * N + i] != (i < N / 2 ? MYTHREAD * 100 + i : 0)) bad++;
 *  29      upc_memput_nbi(&a[MYTHREAD * N], got, sizeof got);
 *  30      printf("synci %d\n", upc_synci_attempt() != 0);
 *  31      upc_tick_t t1 = upc_ticks_now();
 *  32      printf("ticks %d %d\n", t1 >= t0, upc_ticks_to_ns(t1 - t0) == t1 - t0);
 *  33      printf("bad %d\n", bad);
 *  34      return 0;
 *  35  }
 */
#include "testprog.h"

TEST_FILES("lib_nb.upc");

#define N 8
static upcr_sptr_t a, b;

static const upcr_shared_decl_t upcr_shared[] = {
	{&a, "a", sizeof(int), N, N, 1, NULL, 0},
	{&b, "b", sizeof(int), N, N, 1, NULL, 0},
};

TEST_MAIN
{
	int i, mine[N], got[N], bad = 0;
	upc_tick_t t0 = upcr_ticks_now(UPCR_LOC(0, 10));
	for (i = 0; i < N; i++)
		mine[i] = MYTHREAD * 100 + i;
	upc_handle_t h = upcr_memput_nb(upcr_index(a, MYTHREAD * N, sizeof(int), N), mine, sizeof mine, UPCR_LOC(0, 12));
	upcr_sync(h, UPCR_LOC(0, 13));
	upcr_barrier(0, 0, UPCR_LOC(0, 14));
	int r = (MYTHREAD + 1) % THREADS;
	h = upcr_memget_nb(got, upcr_index(a, r * N, sizeof(int), N), sizeof got, UPCR_LOC(0, 16));
	while (!upcr_sync_attempt(h, UPCR_LOC(0, 17)))
		;
	for (i = 0; i < N; i++)
		if (got[i] != r * 100 + i)
			bad++;
	upcr_memcpy_nbi(upcr_index(b, r * N, sizeof(int), N), upcr_index(a, r * N, sizeof(int), N), N * sizeof(int),
			UPCR_LOC(0, 19));
	upcr_synci(UPCR_LOC(0, 20));
	upcr_barrier(0, 0, UPCR_LOC(0, 21));
	upc_handle_t hs[2];
	hs[0] = upcr_memset_nb(upcr_index(b, MYTHREAD * N + N / 2, sizeof(int), N), 0, N / 2 * sizeof(int),
			       UPCR_LOC(0, 23));
	hs[1] = UPC_COMPLETE_HANDLE;
	printf("live %d\n", hs[0] != UPC_COMPLETE_HANDLE);
	upcr_sync(hs[1], UPCR_LOC(0, 26));
	printf("attempt %d %d\n", upcr_sync_attempt(hs[0], UPCR_LOC(0, 27)) != 0,
	       upcr_sync_attempt(hs[1], UPCR_LOC(0, 27)) != 0);
	for (i = 0; i < N; i++)
		if (upcr_get_int(upcr_index(b, MYTHREAD * N + i, sizeof(int), N), UPCR_LOC(0, 28)) !=
		    (i < N / 2 ? MYTHREAD * 100 + i : 0))
			bad++;
	upcr_memput_nbi(upcr_index(a, MYTHREAD * N, sizeof(int), N), got, sizeof got, UPCR_LOC(0, 29));
	printf("synci %d\n", upcr_synci_attempt(UPCR_LOC(0, 30)) != 0);
	upc_tick_t t1 = upcr_ticks_now(UPCR_LOC(0, 31));
	printf("ticks %d %d\n", t1 >= t0, upcr_ticks_to_ns(t1 - t0, UPCR_LOC(0, 32)) == t1 - t0);
	printf("bad %d\n", bad);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
