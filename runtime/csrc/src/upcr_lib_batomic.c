/*
 * upcr_lib_batomic.c - the Berkeley fixed-type atomics
 * bupc_atomicT_OP_{strict,relaxed} for T in I UI L UL I32 U32 I64 U64.
 *
 * GCC __atomic builtins on the object's address (every thread maps the
 * segment).  Strict operations are sequentially consistent with full
 * fences around them and count in strict_ops; relaxed ones use relaxed
 * order.  Like upc_atomic: an operation is one access of the type's size,
 * a read for _read and a write for every other operation, local or remote
 * by the target's affinity; a remote one is charged to the network model
 * and the per-line table as one round trip.  A null or misaligned target
 * is a fatal "atomic-target" report.
 */
#include "upcr_internal.h"

static void *target(upcr_sptr_t p, size_t sz, const char *fn, int strict, upcr_loc_t loc)
{
	if (upcr_isnull(p))
		upcr_fatal("atomic-target", loc, "thread %d calls %s with a null pointer", upcr_mythread_, fn);
	void *a = upcr_addr(p);
	if ((uintptr_t)a % sz != 0)
		upcr_fatal("atomic-target", loc, "thread %d calls %s with a target not aligned to %zu bytes", upcr_mythread_,
			   fn, sz);
	if (strict) {
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		upcr_ctr_.strict_ops++;
	}
	return a;
}

static void account(upcr_sptr_t p, size_t sz, int write, int strict, upcr_loc_t loc)
{
	if (strict)
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (upcr_count_access(p, sz, write))
		upcr_model_transfer((int)p.thread, sz, loc);
}

#define MO(strict) ((strict) ? __ATOMIC_SEQ_CST : __ATOMIC_RELAXED)

/* bupc_atomicT_fetchOP_MODE for the operations with a builtin */
#define BATOMIC_FETCH(S, T, MODE, STRICT, OP, BUILTIN)                                                             \
	T upcr_bupc_atomic##S##_fetch##OP##_##MODE(upcr_sptr_t p, T v, upcr_loc_t loc)                             \
	{                                                                                                          \
		T *a = target(p, sizeof(T), "bupc_atomic" #S "_fetch" #OP "_" #MODE, STRICT, loc);                 \
		T r = BUILTIN(a, v, MO(STRICT));                                                                   \
		account(p, sizeof(T), 1, STRICT, loc);                                                             \
		return r;                                                                                          \
	}

#define BATOMIC_MODE(S, T, MODE, STRICT)                                                                           \
	T upcr_bupc_atomic##S##_read_##MODE(upcr_sptr_t p, upcr_loc_t loc)                                         \
	{                                                                                                          \
		T *a = target(p, sizeof(T), "bupc_atomic" #S "_read_" #MODE, STRICT, loc);                         \
		T r = __atomic_load_n(a, MO(STRICT));                                                              \
		account(p, sizeof(T), 0, STRICT, loc);                                                             \
		return r;                                                                                          \
	}                                                                                                          \
	void upcr_bupc_atomic##S##_set_##MODE(upcr_sptr_t p, T v, upcr_loc_t loc)                                  \
	{                                                                                                          \
		T *a = target(p, sizeof(T), "bupc_atomic" #S "_set_" #MODE, STRICT, loc);                          \
		__atomic_store_n(a, v, MO(STRICT));                                                                \
		account(p, sizeof(T), 1, STRICT, loc);                                                             \
	}                                                                                                          \
	T upcr_bupc_atomic##S##_swap_##MODE(upcr_sptr_t p, T v, upcr_loc_t loc)                                    \
	{                                                                                                          \
		T *a = target(p, sizeof(T), "bupc_atomic" #S "_swap_" #MODE, STRICT, loc);                         \
		T r = __atomic_exchange_n(a, v, MO(STRICT));                                                       \
		account(p, sizeof(T), 1, STRICT, loc);                                                             \
		return r;                                                                                          \
	}                                                                                                          \
	T upcr_bupc_atomic##S##_mswap_##MODE(upcr_sptr_t p, T mask, T v, upcr_loc_t loc)                           \
	{                                                                                                          \
		T *a = target(p, sizeof(T), "bupc_atomic" #S "_mswap_" #MODE, STRICT, loc);                        \
		T o = __atomic_load_n(a, __ATOMIC_RELAXED);                                                        \
		while (!__atomic_compare_exchange_n(a, &o, (T)((o & ~mask) | (v & mask)), 0, MO(STRICT),           \
						    __ATOMIC_RELAXED))                                                 \
			;                                                                                          \
		account(p, sizeof(T), 1, STRICT, loc);                                                             \
		return o;                                                                                          \
	}                                                                                                          \
	T upcr_bupc_atomic##S##_cswap_##MODE(upcr_sptr_t p, T oldv, T newv, upcr_loc_t loc)                        \
	{                                                                                                          \
		T *a = target(p, sizeof(T), "bupc_atomic" #S "_cswap_" #MODE, STRICT, loc);                        \
		__atomic_compare_exchange_n(a, &oldv, newv, 0, MO(STRICT), MO(STRICT));                            \
		account(p, sizeof(T), 1, STRICT, loc);                                                             \
		return oldv;                                                                                       \
	}                                                                                                          \
	BATOMIC_FETCH(S, T, MODE, STRICT, add, __atomic_fetch_add)                                                 \
	BATOMIC_FETCH(S, T, MODE, STRICT, and, __atomic_fetch_and)                                                 \
	BATOMIC_FETCH(S, T, MODE, STRICT, or, __atomic_fetch_or)                                                   \
	BATOMIC_FETCH(S, T, MODE, STRICT, xor, __atomic_fetch_xor)                                                 \
	T upcr_bupc_atomic##S##_fetchnot_##MODE(upcr_sptr_t p, upcr_loc_t loc)                                     \
	{                                                                                                          \
		T *a = target(p, sizeof(T), "bupc_atomic" #S "_fetchnot_" #MODE, STRICT, loc);                     \
		T r = __atomic_fetch_xor(a, (T)~(T)0, MO(STRICT));                                                 \
		account(p, sizeof(T), 1, STRICT, loc);                                                             \
		return r;                                                                                          \
	}

#define BATOMIC(S, T) BATOMIC_MODE(S, T, strict, 1) BATOMIC_MODE(S, T, relaxed, 0)

BATOMIC(I, int)
BATOMIC(UI, unsigned int)
BATOMIC(L, long)
BATOMIC(UL, unsigned long)
BATOMIC(I32, int32_t)
BATOMIC(U32, uint32_t)
BATOMIC(I64, int64_t)
BATOMIC(U64, uint64_t)
