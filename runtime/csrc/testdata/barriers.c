/* Translated from barriers.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  shared int v[THREADS];
 *   4  int main(void) {
 *   5      int round, sum, i;
 *   6      for (round = 0; round < 50; round++) {
 *   7          v[MYTHREAD] = round * 10 + MYTHREAD;
 *   8          upc_barrier round;
 *   9          sum = 0;
 *  10          for (i = 0; i < THREADS; i++) sum += v[i];
 *  11          upc_notify;
 *  12          // local work between notify and wait
 *  13          sum *= 2;
 *  14          upc_wait;
 *  15          if (sum != 2 * (round * 10 * THREADS + THREADS * (THREADS - 1) / 2)) printf("bad round %d\n", round);
 *  16      }
 *  17      upc_notify 99;
 *  18      upc_wait 99;
 *  19      upc_barrier (MYTHREAD >= 0 ? 5 : 6);
 *  20      upc_notify 7;
 *  21      upc_wait;
 *  22      printf("done %d\n", MYTHREAD);
 *  23      return 0;
 *  24  }
 */
#include "testprog.h"

TEST_FILES("barriers.upc");

static upcr_sptr_t v;

static const upcr_shared_decl_t upcr_shared[] = {
	{&v, "v", sizeof(int), 1, 1, 1, NULL, 0},
};

TEST_MAIN
{
	int round, sum, i;
	for (round = 0; round < 50; round++) {
		upcr_put_int(upcr_index(v, MYTHREAD, sizeof(int), 1), round * 10 + MYTHREAD, UPCR_LOC(0, 7));
		upcr_barrier(1, round, UPCR_LOC(0, 8));
		sum = 0;
		for (i = 0; i < THREADS; i++)
			sum += upcr_get_int(upcr_index(v, i, sizeof(int), 1), UPCR_LOC(0, 10));
		upcr_notify(0, 0, UPCR_LOC(0, 11));
		sum *= 2;
		upcr_wait(0, 0, UPCR_LOC(0, 14));
		if (sum != 2 * (round * 10 * THREADS + THREADS * (THREADS - 1) / 2))
			printf("bad round %d\n", round);
	}
	upcr_notify(1, 99, UPCR_LOC(0, 17));
	upcr_wait(1, 99, UPCR_LOC(0, 18));
	upcr_barrier(1, MYTHREAD >= 0 ? 5 : 6, UPCR_LOC(0, 19));
	upcr_notify(1, 7, UPCR_LOC(0, 20));
	upcr_wait(0, 0, UPCR_LOC(0, 21));
	printf("done %d\n", MYTHREAD);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
