/* Translated from coll_reduce.upc: upc_all_reduceT and
 * upc_all_prefix_reduceT for all eleven types and every upc_op_t valid for
 * the type (UPC_FUNC: addition; UPC_NONCOMM_FUNC: composition of affine
 * maps packed in the two halves of an integer, left projection for the
 * floating types), over a block-cyclic source that starts at phase 1, with
 * ALLSYNC, MYSYNC and NOSYNC flags; every thread checks the result and every
 * prefix element against a serial computation.  The macros stay macros in
 * the translation.
 *   1  #include <upc.h>
 *   2  #include <upc_collective.h>
 *   3  #include <stdio.h>
 *   4  #define B 3
 *   5  #define VAL(T, FL, i) (FL ? (T)((i) % 4 == 0 ? 0.5 : (i) % 4 == 1 ? 1 : (i) % 4 == 2 ? 2 : 1.5) \
 *   6                            : (T)(((i) * 7 + 3) % 11 + 1))
 *   7  #define COMB(T, UT, FL, op, a, b) ...   (the same switch as below)
 *   8  #define TEST(T, UT, S, FL)                                                              \
 *   9  shared [B] T src##S[5*THREADS], pre##S[5*THREADS];                                     \
 *  10  shared T res##S;                                                                       \
 *  11  T add##S(T a, T b) { return (T)((UT)a + (UT)b); }                                      \
 *  12  T aff##S(T a, T b) { ...affine composition or left projection... }                    \
 *  13  void test##S(void) {                                                                   \
 *  14      static const upc_flag_t fl[3] = {UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC,                 \
 *  15          UPC_IN_MYSYNC | UPC_OUT_MYSYNC, UPC_IN_NOSYNC | UPC_OUT_NOSYNC};               \
 *  16      int n = 5 * THREADS - 1, ops = 0, bad = 0;                                         \
 *  17      T pref[5 * THREADS];                                                               \
 *  18      upc_forall (int i = 0; i < 5 * THREADS; i++; &src##S[i]) src##S[i] = VAL(T, FL, i);\
 *  19      upc_barrier;                                                                       \
 *  20      for (int op = UPC_ADD; op <= UPC_NONCOMM_FUNC; op++) {                             \
 *  21          if (FL && op >= UPC_AND && op <= UPC_XOR) continue;                            \
 *  22          upc_flag_t f = fl[op % 3];                                                     \
 *  23          T (*fn)(T, T) = op == UPC_NONCOMM_FUNC ? aff##S : add##S;                      \
 *  24          upc_all_reduce##S(&res##S, &src##S[1], op, n, B, fn, f);                       \
 *  25          upc_all_prefix_reduce##S(&pre##S[1], &src##S[1], op, n, B, fn, f);            \
 *  26          if (f & UPC_OUT_NOSYNC || f & UPC_OUT_MYSYNC) upc_barrier;                     \
 *  27          T acc = VAL(T, FL, 1);                                                         \
 *  28          pref[1] = acc;                                                                 \
 *  29          for (int i = 2; i <= n; i++) pref[i] = acc = COMB(T, UT, FL, op, acc, VAL(T, FL, i)); \
 *  30          ops++;                                                                         \
 *  31          if (res##S != acc) bad++;                                                      \
 *  32          for (int i = 1; i <= n; i++) if (pre##S[i] != pref[i]) { bad++; break; }       \
 *  33          upc_barrier;                                                                   \
 *  34      }                                                                                  \
 *  35      printf("%s ops %d bad %d\n", #S, ops, bad);                                        \
 *  36  }
 *  37  TEST(signed char, unsigned char, C, 0)  TEST(unsigned char, unsigned char, UC, 0)
 *  38  TEST(short, unsigned short, S, 0)       TEST(unsigned short, unsigned short, US, 0)
 *  39  TEST(int, unsigned, I, 0)               TEST(unsigned, unsigned, UI, 0)
 *  40  TEST(long, unsigned long, L, 0)         TEST(unsigned long, unsigned long, UL, 0)
 *  41  TEST(float, float, F, 1)  TEST(double, double, D, 1)  TEST(long double, long double, LD, 1)
 *  42  int main(void) {
 *  43      testC(); testUC(); testS(); testUS(); testI(); testUI();
 *  44      testL(); testUL(); testF(); testD(); testLD();
 *  45      return 0;
 *  46  }
 */
#include "testprog.h"

TEST_FILES("coll_reduce.upc");

#define B 3
#define VAL(T, FL, i) \
	(FL ? (T)((i) % 4 == 0 ? 0.5 : (i) % 4 == 1 ? 1 : (i) % 4 == 2 ? 2 : 1.5) : (T)(((i) * 7 + 3) % 11 + 1))
/* bitwise operators are never reached for FL types; the integer view
 * keeps the macro valid C for them */
#define COMB(T, UT, FL, op, a, b)                                                                          \
	((op) == UPC_ADD ? (T)((UT)(a) + (UT)(b)) :                                                        \
	 (op) == UPC_MULT ? (T)((UT)(a) * (UT)(b)) :                                                       \
	 (op) == UPC_AND ? (T)((long long)(a) & (long long)(b)) :                                          \
	 (op) == UPC_OR ? (T)((long long)(a) | (long long)(b)) :                                           \
	 (op) == UPC_XOR ? (T)((long long)(a) ^ (long long)(b)) :                                          \
	 (op) == UPC_LOGAND ? (T)((a) && (b)) :                                                            \
	 (op) == UPC_LOGOR ? (T)((a) || (b)) :                                                             \
	 (op) == UPC_MIN ? ((a) < (b) ? (a) : (b)) :                                                       \
	 (op) == UPC_MAX ? ((a) > (b) ? (a) : (b)) :                                                       \
	 (op) == UPC_FUNC ? (T)((UT)(a) + (UT)(b)) : aff_##T(a, b))

/* affine maps x -> m*x + c with m, c in the two halves of the value:
 * (f o g) = (m1*m2, m1*c2 + c1), associative and not commutative */
#define AFF(T, UT, S, FL)                                                                                   \
	static T aff##S(T a, T b)                                                                           \
	{                                                                                                   \
		if (FL)                                                                                     \
			return a;                                                                           \
		const int h = 4 * (int)(sizeof(T) < 8 ? sizeof(T) : 8);                                                         \
		const unsigned long long mask = (1ULL << h) - 1;                                            \
		unsigned long long x = (unsigned long long)(UT)a, y = (unsigned long long)(UT)b;           \
		unsigned long long m1 = (x >> h) & mask, c1 = x & mask, m2 = (y >> h) & mask, c2 = y & mask; \
		return (T)(UT)((((m1 * m2) & mask) << h) | ((m1 * c2 + c1) & mask));                        \
	}

#define LOC(l) UPCR_LOC(0, l)

#define TEST(T, UT, S, FL, ACC)                                                                               \
	static upcr_sptr_t src##S, pre##S, res##S;                                                            \
	static T add##S(T a, T b) { return (T)((UT)a + (UT)b); }                                              \
	AFF(T, UT, S, FL)                                                                                     \
	static void test##S(void)                                                                             \
	{                                                                                                     \
		static const upc_flag_t fl[3] = {UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPC_IN_MYSYNC | UPC_OUT_MYSYNC, \
						 UPC_IN_NOSYNC | UPC_OUT_NOSYNC};                            \
		int n = 5 * THREADS - 1, ops = 0, bad = 0;                                                    \
		T pref[5 * THREADS];                                                                          \
		{                                                                                             \
			int upcr_ctl = upcr_forall_begin();                                                   \
			for (int i = 0; i < 5 * THREADS; i++) {                                               \
				if (!upcr_forall_mine_ptr(upcr_ctl, upcr_index(src##S, i, sizeof(T), B)))     \
					continue;                                                             \
				upcr_put_##ACC(upcr_index(src##S, i, sizeof(T), B), VAL(T, FL, i), LOC(18));  \
			}                                                                                     \
			upcr_forall_end();                                                                    \
		}                                                                                             \
		upcr_barrier(0, 0, LOC(19));                                                                  \
		for (int op = UPC_ADD; op <= UPC_NONCOMM_FUNC; op++) {                                        \
			if (FL && op >= UPC_AND && op <= UPC_XOR)                                             \
				continue;                                                                     \
			upc_flag_t f = fl[op % 3];                                                            \
			T (*fn)(T, T) = op == UPC_NONCOMM_FUNC ? aff##S : add##S;                             \
			upcr_all_reduce##S(res##S, upcr_index(src##S, 1, sizeof(T), B), op, n, B, fn, f, LOC(24)); \
			upcr_all_prefix_reduce##S(upcr_index(pre##S, 1, sizeof(T), B),                        \
						  upcr_index(src##S, 1, sizeof(T), B), op, n, B, fn, f, LOC(25)); \
			if (f & UPC_OUT_NOSYNC || f & UPC_OUT_MYSYNC)                                         \
				upcr_barrier(0, 0, LOC(26));                                                  \
			T acc = VAL(T, FL, 1);                                                                \
			pref[1] = acc;                                                                        \
			for (int i = 2; i <= n; i++)                                                          \
				pref[i] = acc = COMB(T, UT, FL, op, acc, VAL(T, FL, i));                      \
			ops++;                                                                                \
			if (upcr_get_##ACC(res##S, LOC(31)) != acc)                                           \
				bad++;                                                                        \
			for (int i = 1; i <= n; i++)                                                          \
				if (upcr_get_##ACC(upcr_index(pre##S, i, sizeof(T), B), LOC(32)) != pref[i]) { \
					bad++;                                                                \
					break;                                                                \
				}                                                                             \
			upcr_barrier(0, 0, LOC(33));                                                          \
		}                                                                                             \
		printf("%s ops %d bad %d\n", #S, ops, bad);                                                   \
	}

typedef signed char schar_t;
typedef unsigned char uchar_t;
typedef unsigned short ushort_t;
typedef unsigned uint_t;
typedef unsigned long ulong_t;
typedef long double ldouble_t;
#define aff_schar_t affC
#define aff_uchar_t affUC
#define aff_short affS
#define aff_ushort_t affUS
#define aff_int affI
#define aff_uint_t affUI
#define aff_long affL
#define aff_ulong_t affUL
#define aff_float affF
#define aff_double affD
#define aff_ldouble_t affLD

TEST(schar_t, uchar_t, C, 0, schar)
TEST(uchar_t, uchar_t, UC, 0, uchar)
TEST(short, ushort_t, S, 0, short)
TEST(ushort_t, ushort_t, US, 0, ushort)
TEST(int, uint_t, I, 0, int)
TEST(uint_t, uint_t, UI, 0, uint)
TEST(long, ulong_t, L, 0, long)
TEST(ulong_t, ulong_t, UL, 0, ulong)
TEST(float, float, F, 1, float)
TEST(double, double, D, 1, double)
TEST(ldouble_t, ldouble_t, LD, 1, ldouble)

#define ROWS(T, S)                                                   \
	{&src##S, "src" #S, sizeof(T), B, 5, 1, NULL, 0},            \
	{&pre##S, "pre" #S, sizeof(T), B, 5, 1, NULL, 0},            \
	{&res##S, "res" #S, sizeof(T), 0, 1, 0, NULL, 0}
static const upcr_shared_decl_t upcr_shared[] = {
	ROWS(schar_t, C), ROWS(uchar_t, UC), ROWS(short, S), ROWS(ushort_t, US), ROWS(int, I), ROWS(uint_t, UI),
	ROWS(long, L), ROWS(ulong_t, UL), ROWS(float, F), ROWS(double, D), ROWS(ldouble_t, LD),
};

TEST_MAIN
{
	testC();
	testUC();
	testS();
	testUS();
	testI();
	testUI();
	testL();
	testUL();
	testF();
	testD();
	testLD();
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
