/* Translated from lib_bupc.upc:
 *   1  #include <upc.h>
 *   2  #include <upc_castable.h>
 *   3  #include <bupc_extensions.h>
 *   4  #include <stdio.h>
 *   5  #define R 4
 *   6  #define C 6
 *   7  shared [R*C] int m[R*C*THREADS];
 *   8  int main(void) {
 *   9      int i, j, bad = 0, mine[R][C], col[R], v[4], d[3], t, r = (MYTHREAD + 1) % THREADS;
 *  10      size_t rs = C * sizeof(int), es = sizeof(int), all[2] = {C * sizeof(int), R}, one[2] = {sizeof(int), R};
 *  11      for (i = 0; i < R; i++) for (j = 0; j < C; j++) mine[i][j] = MYTHREAD * 1000 + i * C + j;
 *  12      bupc_memput_strided(&m[MYTHREAD * R * C], &rs, &mine[0][0], &rs, all, 1);
 *  13      upc_barrier;
 *  14      bupc_memget_strided(col, &es, &m[r * R * C + 2], &rs, one, 1);
 *  15      for (i = 0; i < R; i++) if (col[i] != r * 1000 + i * C + 2) bad++;
 *  16      bupc_memcpy_strided(&m[MYTHREAD * R * C + 5], &rs, &m[r * R * C], &rs, one, 1);
 *  17      bupc_pmemvec_t pv[1] = {{v, sizeof v}};
 *  18      bupc_smemvec_t sv[2] = {{&m[r * R * C], 2 * sizeof(int)}, {&m[r * R * C + 3 * C + 3], 2 * sizeof(int)}};
 *  19      bupc_memget_vlist(1, pv, 2, sv);
 *  20      if (v[0] != r * 1000 || v[1] != r * 1000 + 1 || v[2] != r * 1000 + 21 || v[3] != r * 1000 + 22) bad++;
 *  21      void *dl[3] = {&d[0], &d[1], &d[2]};
 *  22      shared const void *sl[3] = {&m[r * R * C + 1 * C + 1], &m[r * R * C + 2 * C + 2], &m[r * R * C + 3 * C + 3]};
 *  23      bupc_memget_ilist(3, dl, sizeof(int), 3, sl, sizeof(int));
 *  24      for (i = 0; i < 3; i++) if (d[i] != r * 1000 + (i + 1) * (C + 1)) bad++;
 *  25      bupc_handle_t h[2];
 *  26      h[0] = bupc_memget_async(&t, &m[r * R * C + 7], sizeof t);
 *  27      h[1] = BUPC_COMPLETE_HANDLE;
 *  28      bupc_waitsync_all(h, 2);
 *  29      if (t != r * 1000 + 7 || h[0] != BUPC_COMPLETE_HANDLE) bad++;
 *  30      bupc_begin_accessregion();
 *  31      bupc_memput_asynci(&m[MYTHREAD * R * C + 2 * C + 4], &t, sizeof t);
 *  32      bupc_waitsync(bupc_end_accessregion());
 *  33      upc_barrier;
 *  34      for (i = 0; i < R; i++) if (m[MYTHREAD * R * C + i * C + 5] != r * 1000 + i * C) bad++;
 *  35      int *p = upc_cast(&m[r * R * C]);
 *  36      upc_thread_info_t ti = upc_thread_info(r);
 *  37      printf("cast %d %d %d %d\n", p != NULL && *p == r * 1000, upc_cast(NULL) == NULL,
 *  38             ti.guaranteedCastable == UPC_CASTABLE_ALL, bupc_inverse_cast(p + 3) == &m[r * R * C + 3]);
 *  39      printf("distance %d %d\n", bupc_thread_distance(MYTHREAD, MYTHREAD), bupc_thread_distance(MYTHREAD, r));
 *  40      printf("ticks %d\n", bupc_ticks_to_ns(bupc_ticks_now()) / 1000 >= bupc_ticks_to_us(bupc_ticks_now()) - 1);
 *  41      printf("bad %d\n", bad);
 *  42      return 0;
 *  43  }
 */
#include "testprog.h"

TEST_FILES("lib_bupc.upc");

#define R 4
#define C 6
static upcr_sptr_t m;

static const upcr_shared_decl_t upcr_shared[] = {
	{&m, "m", sizeof(int), R * C, R * C, 1, NULL, 0},
};

#define L(n) UPCR_LOC(0, n)
#define M(i) upcr_index(m, (i), sizeof(int), R * C)

TEST_MAIN
{
	int i, j, bad = 0, mine[R][C], col[R], v[4], d[3], t, r = (MYTHREAD + 1) % THREADS;
	size_t rs = C * sizeof(int), es = sizeof(int), all[2] = {C * sizeof(int), R}, one[2] = {sizeof(int), R};
	for (i = 0; i < R; i++)
		for (j = 0; j < C; j++)
			mine[i][j] = MYTHREAD * 1000 + i * C + j;
	upcr_bupc_memput_strided(M(MYTHREAD * R * C), &rs, &mine[0][0], &rs, all, 1, L(12));
	upcr_barrier(0, 0, L(13));
	upcr_bupc_memget_strided(col, &es, M(r * R * C + 2), &rs, one, 1, L(14));
	for (i = 0; i < R; i++)
		if (col[i] != r * 1000 + i * C + 2)
			bad++;
	upcr_bupc_memcpy_strided(M(MYTHREAD * R * C + 5), &rs, M(r * R * C), &rs, one, 1, L(16));
	bupc_pmemvec_t pv[1] = {{v, sizeof v}};
	bupc_smemvec_t sv[2] = {{M(r * R * C), 2 * sizeof(int)}, {M(r * R * C + 3 * C + 3), 2 * sizeof(int)}};
	upcr_bupc_memget_vlist(1, pv, 2, sv, L(19));
	if (v[0] != r * 1000 || v[1] != r * 1000 + 1 || v[2] != r * 1000 + 21 || v[3] != r * 1000 + 22)
		bad++;
	void *dl[3] = {&d[0], &d[1], &d[2]};
	upcr_sptr_t sl[3] = {M(r * R * C + 1 * C + 1), M(r * R * C + 2 * C + 2), M(r * R * C + 3 * C + 3)};
	upcr_bupc_memget_ilist(3, dl, sizeof(int), 3, sl, sizeof(int), L(23));
	for (i = 0; i < 3; i++)
		if (d[i] != r * 1000 + (i + 1) * (C + 1))
			bad++;
	bupc_handle_t h[2];
	h[0] = upcr_bupc_memget_async(&t, M(r * R * C + 7), sizeof t, L(26));
	h[1] = BUPC_COMPLETE_HANDLE;
	upcr_bupc_waitsync_all(h, 2, L(28));
	if (t != r * 1000 + 7 || h[0] != BUPC_COMPLETE_HANDLE)
		bad++;
	upcr_bupc_begin_accessregion(L(30));
	upcr_bupc_memput_asynci(M(MYTHREAD * R * C + 2 * C + 4), &t, sizeof t, L(31));
	upcr_bupc_waitsync(upcr_bupc_end_accessregion(L(32)), L(32));
	upcr_barrier(0, 0, L(33));
	for (i = 0; i < R; i++)
		if (upcr_get_int(M(MYTHREAD * R * C + i * C + 5), L(34)) != r * 1000 + i * C)
			bad++;
	int *p = upcr_cast_local(M(r * R * C), L(35));
	upc_thread_info_t ti = upcr_thread_info(r, L(36));
	printf("cast %d %d %d %d\n", p != NULL && *p == r * 1000, upcr_cast_local(UPCR_NULL, L(37)) == NULL,
	       ti.guaranteedCastable == UPC_CASTABLE_ALL,
	       upcr_eq(upcr_bupc_inverse_cast(p + 3, L(38)), M(r * R * C + 3)));
	printf("distance %d %d\n", upcr_bupc_thread_distance(MYTHREAD, MYTHREAD, L(39)),
	       upcr_bupc_thread_distance(MYTHREAD, r, L(39)));
	printf("ticks %d\n", upcr_bupc_ticks_to_ns(upcr_bupc_ticks_now(L(40)), L(40)) / 1000 >=
				     upcr_bupc_ticks_to_us(upcr_bupc_ticks_now(L(40)), L(40)) - 1);
	printf("bad %d\n", bad);
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
