/* Translated from ptrarith.upc:
 *   1  #include <upc.h>
 *   2  #include <stdio.h>
 *   3  #define B 3
 *   4  shared [B] int a[7*THREADS];
 *   5  shared int b[5*THREADS];
 *   6  int main(void) {
 *   7      int i, k, bad = 0;
 *   8      upc_forall (i = 0; i < 7*THREADS; i++; &a[i]) a[i] = i;
 *   9      upc_forall (i = 0; i < 5*THREADS; i++; i) b[i] = 1000 + i;
 *  10      upc_barrier;
 *  11      shared [B] int *p = &a[0];
 *  12      for (k = 0; k < 7*THREADS; k++, p++) {
 *  13          if (upc_threadof(p) != (k/B)%THREADS || upc_phaseof(p) != k%B || *p != k) bad++;
 *  14          if (p != &a[k] || p - &a[0] != k) bad++;
 *  15      }
 *  16      for (k = 7*THREADS-1; k >= 0; k--) { --p; if (*p != k) bad++; }
 *  17      for (i = 0; i < 7*THREADS; i++)
 *  18          for (k = -i; k < 7*THREADS - i; k += 5) {
 *  19              shared [B] int *q = &a[i] + k;
 *  20              if (*q != i + k || q - &a[i] != k || (k > 0) != (q > &a[i])) bad++;
 *  21          }
 *  22      shared int *c = &b[0];
 *  23      for (k = 0; k < 5*THREADS; k++)
 *  24          if (c[k] != 1000 + k || upc_threadof(c + k) != k % THREADS || (c + k) - c != k) bad++;
 *  25      shared [] int *ind = (shared [] int *)&b[MYTHREAD];
 *  26      for (k = 0; k < 5; k++) if (ind[k] != 1000 + MYTHREAD + k*THREADS) bad++;
 *  27      int *lp = (int *)&a[MYTHREAD*B];
 *  28      if (lp[1] != MYTHREAD*B + 1) bad++;
 *  29      if (lp[B] != MYTHREAD*B + B*THREADS) bad++;
 *  30      shared void *v = &a[4];
 *  31      shared [B] int *w = (shared [B] int *)v;
 *  32      shared [2] int *c2 = (shared [2] int *)&a[4];
 *  33      printf("generic phase %d, back %d\n", (int)upc_phaseof(v), *w);
 *  34      printf("cast phase %d thread %d\n", (int)upc_phaseof(c2), (int)upc_threadof(c2));
 *  35      printf("resetphase %d\n", (int)upc_phaseof(upc_resetphase(&a[4])));
 *  36      printf("null %d\n", (int)upc_threadof((shared void *)0));
 *  37      printf("bad %d\n", bad);
 *  38      return 0;
 *  39  }
 */
#include "testprog.h"

TEST_FILES("ptrarith.upc");

#define B 3
static upcr_sptr_t a, b;

static const upcr_shared_decl_t upcr_shared[] = {
	{&a, "a", sizeof(int), B, 7, 1, NULL, 0},
	{&b, "b", sizeof(int), 1, 5, 1, NULL, 0},
};

TEST_MAIN
{
	int i, k, bad = 0;
	{
		int upcr_ctl = upcr_forall_begin();
		for (i = 0; i < 7 * THREADS; i++)
			if (upcr_forall_mine_ptr(upcr_ctl, upcr_index(a, i, sizeof(int), B)))
				upcr_put_int(upcr_index(a, i, sizeof(int), B), i, UPCR_LOC(0, 8));
		upcr_forall_end();
	}
	{
		int upcr_ctl = upcr_forall_begin();
		for (i = 0; i < 5 * THREADS; i++)
			if (upcr_forall_mine_int(upcr_ctl, i))
				upcr_put_int(upcr_index(b, i, sizeof(int), 1), 1000 + i, UPCR_LOC(0, 9));
		upcr_forall_end();
	}
	upcr_barrier(0, 0, UPCR_LOC(0, 10));
	upcr_sptr_t p = upcr_index(a, 0, sizeof(int), B);
	for (k = 0; k < 7 * THREADS; k++, p = upcr_add(p, 1, sizeof(int), B)) {
		if (upc_threadof(p) != (size_t)((k / B) % THREADS) || upc_phaseof(p) != (size_t)(k % B) ||
		    upcr_get_int(p, UPCR_LOC(0, 13)) != k)
			bad++;
		if (!upcr_eq(p, upcr_index(a, k, sizeof(int), B)) ||
		    upcr_diff(p, upcr_index(a, 0, sizeof(int), B), sizeof(int), B) != k)
			bad++;
	}
	for (k = 7 * THREADS - 1; k >= 0; k--) {
		p = upcr_add(p, -1, sizeof(int), B);
		if (upcr_get_int(p, UPCR_LOC(0, 16)) != k)
			bad++;
	}
	for (i = 0; i < 7 * THREADS; i++)
		for (k = -i; k < 7 * THREADS - i; k += 5) {
			upcr_sptr_t q = upcr_add(upcr_index(a, i, sizeof(int), B), k, sizeof(int), B);
			if (upcr_get_int(q, UPCR_LOC(0, 20)) != i + k ||
			    upcr_diff(q, upcr_index(a, i, sizeof(int), B), sizeof(int), B) != k ||
			    (k > 0) != (upcr_cmp(q, upcr_index(a, i, sizeof(int), B), sizeof(int), B) > 0))
				bad++;
		}
	upcr_sptr_t c = upcr_index(b, 0, sizeof(int), 1);
	for (k = 0; k < 5 * THREADS; k++)
		if (upcr_get_int(upcr_add(c, k, sizeof(int), 1), UPCR_LOC(0, 24)) != 1000 + k ||
		    upc_threadof(upcr_add(c, k, sizeof(int), 1)) != (size_t)(k % THREADS) ||
		    upcr_diff(upcr_add(c, k, sizeof(int), 1), c, sizeof(int), 1) != k)
			bad++;
	upcr_sptr_t ind = upcr_cast(upcr_index(b, MYTHREAD, sizeof(int), 1));
	for (k = 0; k < 5; k++)
		if (upcr_get_int(upcr_add(ind, k, sizeof(int), 0), UPCR_LOC(0, 26)) != 1000 + MYTHREAD + k * THREADS)
			bad++;
	int *lp = (int *)upcr_to_local(upcr_index(a, MYTHREAD * B, sizeof(int), B), UPCR_LOC(0, 27));
	if (lp[1] != MYTHREAD * B + 1)
		bad++;
	if (lp[B] != MYTHREAD * B + B * THREADS)
		bad++;
	upcr_sptr_t v = upcr_index(a, 4, sizeof(int), B); /* to shared void *: value kept */
	upcr_sptr_t w = v;                                /* back to the same type: kept */
	upcr_sptr_t c2 = upcr_cast(upcr_index(a, 4, sizeof(int), B));
	printf("generic phase %d, back %d\n", (int)upc_phaseof(v), upcr_get_int(w, UPCR_LOC(0, 33)));
	printf("cast phase %d thread %d\n", (int)upc_phaseof(c2), (int)upc_threadof(c2));
	printf("resetphase %d\n", (int)upc_phaseof(upc_resetphase(upcr_index(a, 4, sizeof(int), B))));
	printf("null %d\n", (int)upc_threadof(UPCR_NULL));
	printf("bad %d\n", bad);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
