/* Translated from locks.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  shared int counter;
 *   4  shared int attempts[THREADS];
 *   5  upc_lock_t *shared mine[THREADS];
 *   6  int main(void) {
 *   7      upc_lock_t *l = upc_all_lock_alloc();
 *   8      int i;
 *   9      for (i = 0; i < 1000; i++) {
 *  10          upc_lock(l);
 *  11          counter = counter + 1;
 *  12          upc_unlock(l);
 *  13      }
 *  14      mine[MYTHREAD] = upc_global_lock_alloc();
 *  15      upc_barrier;
 *  16      if (upc_lock_attempt(mine[(MYTHREAD + 1) % THREADS])) {
 *  17          attempts[MYTHREAD] = 1;
 *  18          upc_unlock(mine[(MYTHREAD + 1) % THREADS]);
 *  19      }
 *  20      upc_barrier;
 *  21      upc_lock(mine[MYTHREAD]);
 *  22      upc_barrier;
 *  23      int got = upc_lock_attempt(mine[(MYTHREAD + 1) % THREADS]);
 *  24      upc_barrier;
 *  25      upc_unlock(mine[MYTHREAD]);
 *  26      upc_lock_free(mine[MYTHREAD]);
 *  27      printf("counter %d attempt %d busy %d\n", counter, attempts[MYTHREAD], got);
 *  28      upc_all_lock_free(l);
 *  29      return 0;
 *  30  }
 */
#include "testprog.h"

TEST_FILES("locks.upc");

static upcr_sptr_t counter, attempts, mine;

static const upcr_shared_decl_t upcr_shared[] = {
	{&counter, "counter", sizeof(int), 0, 1, 0, NULL, 0},
	{&attempts, "attempts", sizeof(int), 1, 1, 1, NULL, 0},
	{&mine, "mine", sizeof(upcr_sptr_t), 1, 1, 1, NULL, 0},
};

TEST_MAIN
{
	upcr_sptr_t l = upcr_all_lock_alloc(UPCR_LOC(0, 7));
	int i;
	for (i = 0; i < 1000; i++) {
		upcr_lock(l, UPCR_LOC(0, 10));
		upcr_put_int(counter, upcr_get_int(counter, UPCR_LOC(0, 11)) + 1, UPCR_LOC(0, 11));
		upcr_unlock(l, UPCR_LOC(0, 12));
	}
	upcr_put_sptr(upcr_index(mine, MYTHREAD, sizeof(upcr_sptr_t), 1), upcr_global_lock_alloc(UPCR_LOC(0, 14)),
		      UPCR_LOC(0, 14));
	upcr_barrier(0, 0, UPCR_LOC(0, 15));
	if (upcr_lock_attempt(upcr_get_sptr(upcr_index(mine, (MYTHREAD + 1) % THREADS, sizeof(upcr_sptr_t), 1),
					    UPCR_LOC(0, 16)),
			      UPCR_LOC(0, 16))) {
		upcr_put_int(upcr_index(attempts, MYTHREAD, sizeof(int), 1), 1, UPCR_LOC(0, 17));
		upcr_unlock(upcr_get_sptr(upcr_index(mine, (MYTHREAD + 1) % THREADS, sizeof(upcr_sptr_t), 1),
					  UPCR_LOC(0, 18)),
			    UPCR_LOC(0, 18));
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 20));
	upcr_lock(upcr_get_sptr(upcr_index(mine, MYTHREAD, sizeof(upcr_sptr_t), 1), UPCR_LOC(0, 21)), UPCR_LOC(0, 21));
	upcr_barrier(0, 0, UPCR_LOC(0, 22));
	int got = 0;
	if (THREADS > 1) /* with one thread the attempt would re-lock its own lock */
		got = upcr_lock_attempt(
			upcr_get_sptr(upcr_index(mine, (MYTHREAD + 1) % THREADS, sizeof(upcr_sptr_t), 1), UPCR_LOC(0, 23)),
			UPCR_LOC(0, 23));
	upcr_barrier(0, 0, UPCR_LOC(0, 24));
	upcr_unlock(upcr_get_sptr(upcr_index(mine, MYTHREAD, sizeof(upcr_sptr_t), 1), UPCR_LOC(0, 25)), UPCR_LOC(0, 25));
	upcr_lock_free(upcr_get_sptr(upcr_index(mine, MYTHREAD, sizeof(upcr_sptr_t), 1), UPCR_LOC(0, 26)),
		       UPCR_LOC(0, 26));
	printf("counter %d attempt %d busy %d\n", upcr_get_int(counter, UPCR_LOC(0, 27)),
	       upcr_get_int(upcr_index(attempts, MYTHREAD, sizeof(int), 1), UPCR_LOC(0, 27)), got);
	upcr_all_lock_free(l, UPCR_LOC(0, 28));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
