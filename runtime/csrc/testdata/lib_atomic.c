/* Translated from lib_atomic.upc:
 *   1  #include <upc.h>
 *   2  #include <upc_atomic.h>
 *   3  #include <stdio.h>
 *   4  #include <stdint.h>
 *   5  shared int64_t counter;
 *   6  shared int leader = -1;
 *   7  shared double best;
 *   8  shared unsigned bits;
 *   9  shared float fsum;
 *  10  shared long double ldsum;
 *  11  shared [] int *shared owner;
 *  12  shared int ticket[THREADS];
 *  13  int main(void) {
 *  14      upc_atomicdomain_t *add = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD | UPC_GET, 0);
 *  15      upc_atomicdomain_t *cas = upc_all_atomicdomain_alloc(UPC_INT, UPC_CSWAP | UPC_INC, UPC_ATOMIC_HINT_LATENCY);
 *  16      upc_atomicdomain_t *dmin = upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_MIN, 0);
 *  17      upc_atomicdomain_t *ubits = upc_all_atomicdomain_alloc(UPC_UINT, UPC_OR | UPC_XOR, 0);
 *  18      upc_atomicdomain_t *fadd = upc_all_atomicdomain_alloc(UPC_FLOAT, UPC_ADD, 0);
 *  19      upc_atomicdomain_t *ldinc = upc_all_atomicdomain_alloc(UPC_LDOUBLE, UPC_INC | UPC_GET, 0);
 *  20      upc_atomicdomain_t *pts = upc_all_atomicdomain_alloc(UPC_PTS, UPC_CSWAP | UPC_GET, 0);
 *  21      const int64_t one = 1;
 *  22      int64_t before;
 *  23      int expect = -1, me = MYTHREAD, old, i;
 *  24      double mine = 100.0 - MYTHREAD, ignored;
 *  25      unsigned bit = 1u << (MYTHREAD % 32);
 *  26      float f = 0.5f;
 *  27      shared [] int *none = NULL, *mycell = (shared [] int *)&ticket[MYTHREAD], *got;
 *  28      if (MYTHREAD == 0) best = 1e300;
 *  29      upc_barrier;
 *  30      for (i = 0; i < 10; i++)
 *  31          upc_atomic_relaxed(add, &before, UPC_ADD, &counter, &one, NULL);
 *  32      upc_atomic_strict(cas, &old, UPC_CSWAP, &leader, &expect, &me);
 *  33      upc_atomic_relaxed(dmin, &ignored, UPC_MIN, &best, &mine, NULL);
 *  34      upc_atomic_relaxed(ubits, NULL, UPC_OR, &bits, &bit, NULL);
 *  35      if (MYTHREAD % 2) upc_atomic_relaxed(ubits, NULL, UPC_XOR, &bits, &bit, NULL);
 *  36      upc_atomic_relaxed(fadd, NULL, UPC_ADD, &fsum, &f, NULL);
 *  37      upc_atomic_strict(ldinc, NULL, UPC_INC, &ldsum, NULL, NULL);
 *  38      upc_atomic_relaxed(pts, &got, UPC_CSWAP, &owner, &none, &mycell);
 *  39      upc_atomic_relaxed(cas, NULL, UPC_INC, &ticket[0], NULL, NULL);
 *  40      if (got == NULL) upc_atomic_relaxed(cas, NULL, UPC_INC, &ticket[MYTHREAD], NULL, NULL);
 *  41      upc_barrier;
 *  42      if (MYTHREAD == 0) {
 *  43          int64_t total; long double lds; shared [] int *w; unsigned want = 0; int wins = -THREADS;
 *  44          upc_atomic_strict(add, &total, UPC_GET, &counter, NULL, NULL);
 *  45          upc_atomic_strict(ldinc, &lds, UPC_GET, &ldsum, NULL, NULL);
 *  46          upc_atomic_strict(pts, &w, UPC_GET, &owner, NULL, NULL);
 *  47          for (i = 0; i < THREADS; i++) { wins += ticket[i]; if (i % 2 == 0) want |= 1u << (i % 32); }
 *  48          printf("counter %lld leader %d best %.1f fsum %.1f ldsum %.0Lf\n", (long long)total,
 *  49                 leader >= 0 && leader < THREADS, best, fsum, lds);
 *  50          printf("bits %d owner %d wins %d\n", bits == want, upc_threadof(w) < THREADS, wins);
 *  51          printf("fast %d %d %d\n", upc_atomic_isfast(UPC_INT64, UPC_ADD, &counter),
 *  52                 upc_atomic_isfast(UPC_LDOUBLE, UPC_INC, &ldsum), upc_atomic_isfast(UPC_DOUBLE, UPC_AND, &best));
 *  53      }
 *  54      upc_barrier;
 *  55      upc_all_atomicdomain_free(add); upc_all_atomicdomain_free(cas); upc_all_atomicdomain_free(dmin);
 *  56      upc_all_atomicdomain_free(ubits); upc_all_atomicdomain_free(fadd); upc_all_atomicdomain_free(ldinc);
 *  57      upc_all_atomicdomain_free(pts);
 *  58      return 0;
 *  59  }
 */
#include "testprog.h"
#include <stdint.h>

TEST_FILES("lib_atomic.upc");

static upcr_sptr_t counter, leader, best, bits, fsum, ldsum, owner, ticket;
static const int leader_init[] = {-1};

static const upcr_shared_decl_t upcr_shared[] = {
	{&counter, "counter", sizeof(int64_t), 0, 1, 0, NULL, 0},
	{&leader, "leader", sizeof(int), 0, 1, 0, leader_init, sizeof leader_init},
	{&best, "best", sizeof(double), 0, 1, 0, NULL, 0},
	{&bits, "bits", sizeof(unsigned), 0, 1, 0, NULL, 0},
	{&fsum, "fsum", sizeof(float), 0, 1, 0, NULL, 0},
	{&ldsum, "ldsum", sizeof(long double), 0, 1, 0, NULL, 0},
	{&owner, "owner", sizeof(upcr_sptr_t), 0, 1, 0, NULL, 0},
	{&ticket, "ticket", sizeof(int), 1, 1, 1, NULL, 0},
};

#define L(n) UPCR_LOC(0, n)

TEST_MAIN
{
	upcr_sptr_t add = upcr_all_atomicdomain_alloc(UPC_INT64, UPC_ADD | UPC_GET, 0, L(14));
	upcr_sptr_t cas = upcr_all_atomicdomain_alloc(UPC_INT, UPC_CSWAP | UPC_INC, UPC_ATOMIC_HINT_LATENCY, L(15));
	upcr_sptr_t dmin = upcr_all_atomicdomain_alloc(UPC_DOUBLE, UPC_MIN, 0, L(16));
	upcr_sptr_t ubits = upcr_all_atomicdomain_alloc(UPC_UINT, UPC_OR | UPC_XOR, 0, L(17));
	upcr_sptr_t fadd = upcr_all_atomicdomain_alloc(UPC_FLOAT, UPC_ADD, 0, L(18));
	upcr_sptr_t ldinc = upcr_all_atomicdomain_alloc(UPC_LDOUBLE, UPC_INC | UPC_GET, 0, L(19));
	upcr_sptr_t pts = upcr_all_atomicdomain_alloc(UPC_PTS, UPC_CSWAP | UPC_GET, 0, L(20));
	const int64_t one = 1;
	int64_t before;
	int expect = -1, me = MYTHREAD, old, i;
	double mine = 100.0 - MYTHREAD, ignored;
	unsigned bit = 1u << (MYTHREAD % 32);
	float f = 0.5f;
	upcr_sptr_t none = UPCR_NULL, mycell = upcr_cast(upcr_index(ticket, MYTHREAD, sizeof(int), 1)), got;
	if (MYTHREAD == 0)
		upcr_put_double(best, 1e300, L(28));
	upcr_barrier(0, 0, L(29));
	for (i = 0; i < 10; i++)
		upcr_atomic_relaxed(add, &before, UPC_ADD, counter, &one, NULL, L(31));
	upcr_atomic_strict(cas, &old, UPC_CSWAP, leader, &expect, &me, L(32));
	upcr_atomic_relaxed(dmin, &ignored, UPC_MIN, best, &mine, NULL, L(33));
	upcr_atomic_relaxed(ubits, NULL, UPC_OR, bits, &bit, NULL, L(34));
	if (MYTHREAD % 2)
		upcr_atomic_relaxed(ubits, NULL, UPC_XOR, bits, &bit, NULL, L(35));
	upcr_atomic_relaxed(fadd, NULL, UPC_ADD, fsum, &f, NULL, L(36));
	upcr_atomic_strict(ldinc, NULL, UPC_INC, ldsum, NULL, NULL, L(37));
	upcr_atomic_relaxed(pts, &got, UPC_CSWAP, owner, &none, &mycell, L(38));
	upcr_atomic_relaxed(cas, NULL, UPC_INC, upcr_index(ticket, 0, sizeof(int), 1), NULL, NULL, L(39));
	if (upcr_isnull(got))
		upcr_atomic_relaxed(cas, NULL, UPC_INC, upcr_index(ticket, MYTHREAD, sizeof(int), 1), NULL, NULL, L(40));
	upcr_barrier(0, 0, L(41));
	if (MYTHREAD == 0) {
		int64_t total;
		long double lds;
		upcr_sptr_t w;
		unsigned want = 0;
		int wins = -THREADS;
		upcr_atomic_strict(add, &total, UPC_GET, counter, NULL, NULL, L(44));
		upcr_atomic_strict(ldinc, &lds, UPC_GET, ldsum, NULL, NULL, L(45));
		upcr_atomic_strict(pts, &w, UPC_GET, owner, NULL, NULL, L(46));
		for (i = 0; i < THREADS; i++) {
			wins += upcr_get_int(upcr_index(ticket, i, sizeof(int), 1), L(47));
			if (i % 2 == 0)
				want |= 1u << (i % 32);
		}
		int ld = upcr_get_int(leader, L(49));
		printf("counter %lld leader %d best %.1f fsum %.1f ldsum %.0Lf\n", (long long)total,
		       ld >= 0 && ld < THREADS, upcr_get_double(best, L(49)), upcr_get_float(fsum, L(49)), lds);
		printf("bits %d owner %d wins %d\n", upcr_get_uint(bits, L(50)) == want, (int)upc_threadof(w) < THREADS,
		       wins);
		printf("fast %d %d %d\n", upcr_atomic_isfast(UPC_INT64, UPC_ADD, counter, L(51)),
		       upcr_atomic_isfast(UPC_LDOUBLE, UPC_INC, ldsum, L(52)),
		       upcr_atomic_isfast(UPC_DOUBLE, UPC_AND, best, L(52)));
	}
	upcr_barrier(0, 0, L(54));
	upcr_all_atomicdomain_free(add, L(55));
	upcr_all_atomicdomain_free(cas, L(55));
	upcr_all_atomicdomain_free(dmin, L(55));
	upcr_all_atomicdomain_free(ubits, L(56));
	upcr_all_atomicdomain_free(fadd, L(56));
	upcr_all_atomicdomain_free(ldinc, L(56));
	upcr_all_atomicdomain_free(pts, L(57));
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
