/* Translated from strict.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  #define ROUNDS 200
 *   4  shared int data[THREADS];
 *   5  strict shared int flag[THREADS];
 *   6  int main(void) {
 *   7      int r, bad = 0, next = (MYTHREAD + 1) % THREADS, prev = (MYTHREAD + THREADS - 1) % THREADS;
 *   8      for (r = 1; r <= ROUNDS; r++) {
 *   9          data[next] = r * 1000 + MYTHREAD;       // relaxed write to the neighbour
 *  10          flag[next] = r;                         // strict: publishes the data
 *  11          while (flag[MYTHREAD] < r) ;            // strict read: wait for the neighbour
 *  12          if (data[MYTHREAD] < r * 1000 || data[MYTHREAD] % 1000 != prev) bad++; // prev may be ahead
 *  13          upc_fence;
 *  14      }
 *  15      upc_barrier;
 *  16      printf("bad %d\n", bad);
 *  17      return 0;
 *  18  }
 */
#include "testprog.h"

TEST_FILES("strict.upc");

#define ROUNDS 200
static upcr_sptr_t data, flag;

static const upcr_shared_decl_t upcr_shared[] = {
	{&data, "data", sizeof(int), 1, 1, 1, NULL, 0},
	{&flag, "flag", sizeof(int), 1, 1, 1, NULL, 0},
};

TEST_MAIN
{
	int r, bad = 0, next = (MYTHREAD + 1) % THREADS, prev = (MYTHREAD + THREADS - 1) % THREADS;
	for (r = 1; r <= ROUNDS; r++) {
		upcr_put_int(upcr_index(data, next, sizeof(int), 1), r * 1000 + MYTHREAD, UPCR_LOC(0, 9));
		upcr_put_int_strict(upcr_index(flag, next, sizeof(int), 1), r, UPCR_LOC(0, 10));
		while (upcr_get_int_strict(upcr_index(flag, MYTHREAD, sizeof(int), 1), UPCR_LOC(0, 11)) < r)
			;
		int d = upcr_get_int(upcr_index(data, MYTHREAD, sizeof(int), 1), UPCR_LOC(0, 12));
		if (d < r * 1000 || d % 1000 != prev)
			bad++;
		upcr_fence(UPCR_LOC(0, 13));
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 15));
	printf("bad %d\n", bad);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
