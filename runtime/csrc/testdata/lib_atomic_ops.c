/* Translated from lib_atomic_ops.upc (every upc_type_t with every
 * operation it supports; thread 0 works on a cell of thread THREADS-1):
 *   1  #include <upc.h>
 *   2  #include <upc_atomic.h>
 *   3  #include <stdio.h>
 *   4  #include <stdint.h>
 *   5  shared long double cells[THREADS];
 *   6  static const int ops[] = {UPC_ADD, UPC_SUB, UPC_MULT, UPC_INC, UPC_DEC, UPC_MIN, UPC_MAX,
 *   7                            UPC_GET, UPC_SET, UPC_CSWAP, UPC_CSWAP, UPC_AND, UPC_OR, UPC_XOR};
 *   8  static const int want[] = {9, 3, 18, 7, 5, 3, 6, 6, 3, 6, 9, 2, 7, 5};
 *   9  #define SWEEP(T, TY, NOPS)                                                          \
 *  10      {                                                                               \
 *  11          upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(TY, UPC_ADD | UPC_SUB | UPC_MULT | \
 *  12              UPC_INC | UPC_DEC | UPC_MIN | UPC_MAX | UPC_GET | UPC_SET | UPC_CSWAP |  \
 *  13              (NOPS > 11 ? UPC_AND | UPC_OR | UPC_XOR : 0), 0);                       \
 *  14          shared void *cell = &cells[THREADS - 1];                                    \
 *  15          int k, bad = 0;                                                             \
 *  16          if (MYTHREAD == 0) for (k = 0; k < NOPS; k++) {                             \
 *  17              T six = 6, o1 = k == 10 ? 6 : 3, o2 = 9, fetched, now;                  \
 *  18              int one = ops[k] != UPC_GET && ops[k] != UPC_INC && ops[k] != UPC_DEC;  \
 *  19              upc_atomic_relaxed(d, NULL, UPC_SET, cell, &six, NULL);                 \
 *  20              upc_atomic_strict(d, &fetched, ops[k], cell, one ? &o1 : NULL,          \
 *  21                                ops[k] == UPC_CSWAP ? &o2 : NULL);                    \
 *  22              upc_atomic_relaxed(d, &now, UPC_GET, cell, NULL, NULL);                 \
 *  23              if (fetched != six || now != (T)want[k]) bad++;                         \
 *  24          }                                                                           \
 *  25          if (MYTHREAD == 0) printf("%s %s\n", #TY, bad ? "FAILED" : "ok");           \
 *  26          upc_all_atomicdomain_free(d);                                               \
 *  27      }
 *  28  int main(void) {
 *  29      SWEEP(signed char, UPC_CHAR, 14) SWEEP(unsigned char, UPC_UCHAR, 14)
 *  30      SWEEP(short, UPC_SHORT, 14) SWEEP(unsigned short, UPC_USHORT, 14)
 *  31      SWEEP(int, UPC_INT, 14) SWEEP(unsigned int, UPC_UINT, 14)
 *  32      SWEEP(long, UPC_LONG, 14) SWEEP(unsigned long, UPC_ULONG, 14)
 *  33      SWEEP(long long, UPC_LLONG, 14) SWEEP(unsigned long long, UPC_ULLONG, 14)
 *  34      SWEEP(int8_t, UPC_INT8, 14) SWEEP(uint8_t, UPC_UINT8, 14)
 *  35      SWEEP(int16_t, UPC_INT16, 14) SWEEP(uint16_t, UPC_UINT16, 14)
 *  36      SWEEP(int32_t, UPC_INT32, 14) SWEEP(uint32_t, UPC_UINT32, 14)
 *  37      SWEEP(int64_t, UPC_INT64, 14) SWEEP(uint64_t, UPC_UINT64, 14)
 *  38      SWEEP(float, UPC_FLOAT, 11) SWEEP(double, UPC_DOUBLE, 11)
 *  39      SWEEP(long double, UPC_LDOUBLE, 11)
 *  40      return 0;
 *  41  }
 */
#include "testprog.h"
#include <stdint.h>

TEST_FILES("lib_atomic_ops.upc");

static upcr_sptr_t cells;

static const upcr_shared_decl_t upcr_shared[] = {
	{&cells, "cells", sizeof(long double), 1, 1, 1, NULL, 0},
};

static const int ops[] = {UPC_ADD, UPC_SUB, UPC_MULT, UPC_INC, UPC_DEC, UPC_MIN, UPC_MAX,
			  UPC_GET, UPC_SET, UPC_CSWAP, UPC_CSWAP, UPC_AND, UPC_OR, UPC_XOR};
static const int want[] = {9, 3, 18, 7, 5, 3, 6, 6, 3, 6, 9, 2, 7, 5};

/* The macro of the UPC source, translated (the line of each use is its
 * L argument). */
#define SWEEP(T, TY, NOPS, L)                                                                                   \
	{                                                                                                       \
		upcr_sptr_t d = upcr_all_atomicdomain_alloc(                                                    \
			TY,                                                                                     \
			UPC_ADD | UPC_SUB | UPC_MULT | UPC_INC | UPC_DEC | UPC_MIN | UPC_MAX | UPC_GET | UPC_SET | \
				UPC_CSWAP | (NOPS > 11 ? UPC_AND | UPC_OR | UPC_XOR : 0),                       \
			0, L);                                                                                  \
		upcr_sptr_t cell = upcr_index(cells, THREADS - 1, sizeof(long double), 1);                     \
		int k, bad = 0;                                                                                 \
		if (MYTHREAD == 0)                                                                              \
			for (k = 0; k < NOPS; k++) {                                                            \
				T six = 6, o1 = k == 10 ? 6 : 3, o2 = 9, fetched, now;                          \
				int one = ops[k] != UPC_GET && ops[k] != UPC_INC && ops[k] != UPC_DEC;          \
				upcr_atomic_relaxed(d, NULL, UPC_SET, cell, &six, NULL, L);                     \
				upcr_atomic_strict(d, &fetched, ops[k], cell, one ? &o1 : NULL,                 \
						   ops[k] == UPC_CSWAP ? &o2 : NULL, L);                        \
				upcr_atomic_relaxed(d, &now, UPC_GET, cell, NULL, NULL, L);                     \
				if (fetched != six || now != (T)want[k])                                        \
					bad++;                                                                  \
			}                                                                                       \
		if (MYTHREAD == 0)                                                                              \
			printf("%s %s\n", #TY, bad ? "FAILED" : "ok");                                          \
		upcr_all_atomicdomain_free(d, L);                                                               \
	}

TEST_MAIN
{
	SWEEP(signed char, UPC_CHAR, 14, UPCR_LOC(0, 29))
	SWEEP(unsigned char, UPC_UCHAR, 14, UPCR_LOC(0, 29))
	SWEEP(short, UPC_SHORT, 14, UPCR_LOC(0, 30))
	SWEEP(unsigned short, UPC_USHORT, 14, UPCR_LOC(0, 30))
	SWEEP(int, UPC_INT, 14, UPCR_LOC(0, 31))
	SWEEP(unsigned int, UPC_UINT, 14, UPCR_LOC(0, 31))
	SWEEP(long, UPC_LONG, 14, UPCR_LOC(0, 32))
	SWEEP(unsigned long, UPC_ULONG, 14, UPCR_LOC(0, 32))
	SWEEP(long long, UPC_LLONG, 14, UPCR_LOC(0, 33))
	SWEEP(unsigned long long, UPC_ULLONG, 14, UPCR_LOC(0, 33))
	SWEEP(int8_t, UPC_INT8, 14, UPCR_LOC(0, 34))
	SWEEP(uint8_t, UPC_UINT8, 14, UPCR_LOC(0, 34))
	SWEEP(int16_t, UPC_INT16, 14, UPCR_LOC(0, 35))
	SWEEP(uint16_t, UPC_UINT16, 14, UPCR_LOC(0, 35))
	SWEEP(int32_t, UPC_INT32, 14, UPCR_LOC(0, 36))
	SWEEP(uint32_t, UPC_UINT32, 14, UPCR_LOC(0, 36))
	SWEEP(int64_t, UPC_INT64, 14, UPCR_LOC(0, 37))
	SWEEP(uint64_t, UPC_UINT64, 14, UPCR_LOC(0, 37))
	SWEEP(float, UPC_FLOAT, 11, UPCR_LOC(0, 38))
	SWEEP(double, UPC_DOUBLE, 11, UPCR_LOC(0, 38))
	SWEEP(long double, UPC_LDOUBLE, 11, UPCR_LOC(0, 39))
	return 0;
}

UPCR_PROGRAM(upcr_files, upcr_shared, NULL, upcr_user_main);
