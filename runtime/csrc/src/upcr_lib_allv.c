/*
 * upcr_lib_allv.c - the Berkeley all-value collectives
 * (<bupc_collectivev.h>: bupc_allv_OP(TYPE, ...) = _bupc_allv_OP_TYPE) and
 * bupc_all_reduce_allT.
 *
 * Values travel through a symmetric exchange area that the first allv
 * call allocates (with upc_all_alloc: it counts once in allocs and
 * collectives): two halves of 16 bytes per thread in every partition,
 * used alternately, so that one internal barrier per call suffices - a
 * thread can write half h again only after every thread has passed the
 * barrier of the next call, i.e. has finished reading half h.  Scatter's
 * root publishes its array (THREADS values) in its own half.
 *
 * Reductions combine in thread order (the same result in every run);
 * every thread computes the result (reduce returns it on every thread,
 * the specification only defines it on the root).  Accounting: each value
 * read from another thread's partition is one modeled remote transfer;
 * the collective's payload is the value size.
 */
#include "upcr.h"
#include "upcr_internal.h"

#include <string.h>

#define SLOT 16

static upcr_sptr_t area;   /* symmetric: SLOT * THREADS * 2 bytes per thread */
static uint32_t calls;     /* allv calls so far (single-valued) */

static char *half(int t, unsigned h)
{
	upcr_sptr_t p = area;
	p.thread = (uint32_t)t;
	return (char *)upcr_addr(p) + (size_t)h * SLOT * (size_t)upcr_threads_;
}

/* Enter an allv collective; returns the half to use. */
static unsigned begin(const char *name, const uint64_t *args, int nargs, size_t sz, upcr_loc_t loc)
{
	if (upcr_isnull(area))
		area = upcr_all_alloc((size_t)upcr_threads_, 2 * SLOT * (size_t)upcr_threads_, loc);
	upcr_coll_enter(name, args, nargs, sz, loc);
	return calls++ & 1;
}

static void fetch(void *dst, int t, unsigned h, size_t idx, size_t sz, upcr_loc_t loc)
{
	memcpy(dst, half(t, h) + idx * SLOT, sz);
	if (t != upcr_mythread_)
		upcr_model_transfer(t, sz, loc);
}

static void check_root(const char *fn, int root, upcr_loc_t loc)
{
	if (root < 0 || root >= upcr_threads_)
		upcr_fatal("bad-thread", loc, "thread %d calls %s with thread %d (THREADS is %d)", upcr_mythread_, fn, root,
			   upcr_threads_);
}

static void bad_op(const char *fn, int op, upcr_loc_t loc) __attribute__((noreturn));
static void bad_op(const char *fn, int op, upcr_loc_t loc)
{
	upcr_fatal("collective-op", loc, "thread %d calls %s with operation %d, which is not valid for its type",
		   upcr_mythread_, fn, op);
}

#define COMBINE_INT(T)                                                                   \
	static T comb_##T(const char *fn, T a, T b, int op, upcr_loc_t loc)              \
	{                                                                                \
		switch (op) {                                                            \
		case UPC_ADD: return (T)(a + b);                                         \
		case UPC_MULT: return (T)(a * b);                                        \
		UPCR_INT_OP_CASES(T, a, b)                                               \
		}                                                                        \
		bad_op(fn, op, loc);                                                     \
	}
#define COMBINE_FLT(T)                                                                   \
	static T comb_##T(const char *fn, T a, T b, int op, upcr_loc_t loc)              \
	{                                                                                \
		switch (op) {                                                            \
		case UPC_ADD: return a + b;                                              \
		case UPC_MULT: return a * b;                                             \
		UPCR_OP_CASES(T, a, b)                                                   \
		}                                                                        \
		bad_op(fn, op, loc);                                                     \
	}

typedef unsigned unsigned_;
#define comb_unsigned comb_unsigned_
COMBINE_INT(char)
COMBINE_INT(short)
COMBINE_INT(int)
COMBINE_INT(long)
COMBINE_INT(unsigned_)
COMBINE_FLT(float)
COMBINE_FLT(double)
COMBINE_INT(int8_t)
COMBINE_INT(uint8_t)
COMBINE_INT(int16_t)
COMBINE_INT(uint16_t)
COMBINE_INT(int32_t)
COMBINE_INT(uint32_t)
COMBINE_INT(int64_t)
COMBINE_INT(uint64_t)
COMBINE_INT(size_t)

/* the reductions check the op before any data moves (all threads alike) */
/* The reductions' common body: check op, publish this thread's value,
 * and after the barrier combine the values of threads 0 to upto-1 in
 * thread order (fn, args and value are the caller's). */
#define ALLV_FOLD(N, T, NARGS, UPTO)                                                                              \
	(void)comb_##N(fn, value, value, op, loc);                                                                 \
	unsigned h = begin(fn, args, NARGS, sizeof(T), loc);                                                       \
	memcpy(half(upcr_mythread_, h), &value, sizeof(T));                                                        \
	upcr_coll_barrier();                                                                                       \
	T acc = value, x;                                                                                          \
	for (int t = 0, upto = (UPTO); t < upto; t++) {                                                            \
		fetch(&x, t, h, 0, sizeof(T), loc);                                                                \
		acc = t == 0 ? x : comb_##N(fn, acc, x, op, loc);                                                  \
	}                                                                                                          \
	upcr_coll_exit();                                                                                          \
	return acc

#define ALLV(N, T)                                                                                             \
	T upcr_bupc_allv_broadcast_##N(T value, int root, upcr_loc_t loc)                                      \
	{                                                                                                      \
		static const char fn[] = "bupc_allv_broadcast(" #N ")";                                        \
		check_root(fn, root, loc);                                                                     \
		uint64_t args[1] = {(uint64_t)root};                                                           \
		unsigned h = begin(fn, args, 1, sizeof(T), loc);                                               \
		if (upcr_mythread_ == root)                                                                    \
			memcpy(half(root, h), &value, sizeof(T));                                              \
		upcr_coll_barrier();                                                                           \
		T r;                                                                                           \
		fetch(&r, root, h, 0, sizeof(T), loc);                                                         \
		upcr_coll_exit();                                                                              \
		return r;                                                                                      \
	}                                                                                                      \
	T upcr_bupc_allv_scatter_##N(const T *src, int root, upcr_loc_t loc)                                   \
	{                                                                                                      \
		static const char fn[] = "bupc_allv_scatter(" #N ")";                                          \
		check_root(fn, root, loc);                                                                     \
		uint64_t args[1] = {(uint64_t)root};                                                           \
		unsigned h = begin(fn, args, 1, sizeof(T), loc);                                               \
		if (upcr_mythread_ == root)                                                                    \
			for (int t = 0; t < upcr_threads_; t++)                                                \
				memcpy(half(root, h) + (size_t)t * SLOT, &src[t], sizeof(T));                  \
		upcr_coll_barrier();                                                                           \
		T r;                                                                                           \
		fetch(&r, root, h, (size_t)upcr_mythread_, sizeof(T), loc);                                    \
		upcr_coll_exit();                                                                              \
		return r;                                                                                      \
	}                                                                                                      \
	T *upcr_bupc_allv_gather_##N(T value, int root, T *dst, upcr_loc_t loc)                                \
	{                                                                                                      \
		static const char fn[] = "bupc_allv_gather(" #N ")";                                           \
		check_root(fn, root, loc);                                                                     \
		uint64_t args[1] = {(uint64_t)root};                                                           \
		unsigned h = begin(fn, args, 1, sizeof(T), loc);                                               \
		memcpy(half(upcr_mythread_, h), &value, sizeof(T));                                            \
		upcr_coll_barrier();                                                                           \
		if (upcr_mythread_ == root)                                                                    \
			for (int t = 0; t < upcr_threads_; t++)                                                \
				fetch(&dst[t], t, h, 0, sizeof(T), loc);                                       \
		upcr_coll_exit();                                                                              \
		return dst;                                                                                    \
	}                                                                                                      \
	T *upcr_bupc_allv_gather_all_##N(T value, T *dst, upcr_loc_t loc)                                      \
	{                                                                                                      \
		static const char fn[] = "bupc_allv_gather_all(" #N ")";                                       \
		unsigned h = begin(fn, NULL, 0, sizeof(T), loc);                                               \
		memcpy(half(upcr_mythread_, h), &value, sizeof(T));                                            \
		upcr_coll_barrier();                                                                           \
		for (int t = 0; t < upcr_threads_; t++)                                                        \
			fetch(&dst[t], t, h, 0, sizeof(T), loc);                                               \
		upcr_coll_exit();                                                                              \
		return dst;                                                                                    \
	}                                                                                                      \
	T upcr_bupc_allv_permute_##N(T value, int to, upcr_loc_t loc)                                          \
	{                                                                                                      \
		static const char fn[] = "bupc_allv_permute(" #N ")";                                          \
		check_root(fn, to, loc);                                                                       \
		unsigned h = begin(fn, NULL, 0, sizeof(T), loc);                                               \
		/* a permutation: exactly one value lands in each thread's slot 0 */                         \
		memcpy(half(to, h), &value, sizeof(T));                                                        \
		if (to != upcr_mythread_)                                                                      \
			upcr_model_transfer(to, sizeof(T), loc);                                               \
		upcr_coll_barrier();                                                                           \
		T r;                                                                                           \
		memcpy(&r, half(upcr_mythread_, h), sizeof(T));                                                \
		upcr_coll_exit();                                                                              \
		return r;                                                                                      \
	}                                                                                                      \
	T upcr_bupc_allv_reduce_##N(T value, int root, upc_op_t op, upcr_loc_t loc)                            \
	{                                                                                                      \
		static const char fn[] = "bupc_allv_reduce(" #N ")";                                           \
		check_root(fn, root, loc);                                                                     \
		uint64_t args[2] = {(uint64_t)root, (uint64_t)op};                                             \
		ALLV_FOLD(N, T, 2, upcr_mythread_ == root ? upcr_threads_ : 0);                                \
	}                                                                                                      \
	T upcr_bupc_allv_reduce_all_##N(T value, upc_op_t op, upcr_loc_t loc)                                  \
	{                                                                                                      \
		static const char fn[] = "bupc_allv_reduce_all(" #N ")";                                       \
		uint64_t args[1] = {(uint64_t)op};                                                             \
		ALLV_FOLD(N, T, 1, upcr_threads_);                                                             \
	}                                                                                                      \
	T upcr_bupc_allv_prefix_reduce_##N(T value, upc_op_t op, upcr_loc_t loc)                               \
	{                                                                                                      \
		static const char fn[] = "bupc_allv_prefix_reduce(" #N ")";                                    \
		uint64_t args[1] = {(uint64_t)op};                                                             \
		ALLV_FOLD(N, T, 1, upcr_mythread_ + 1);                                                        \
	}

ALLV(char, char)
ALLV(short, short)
ALLV(int, int)
ALLV(long, long)
ALLV(unsigned, unsigned)
ALLV(float, float)
ALLV(double, double)
ALLV(int8_t, int8_t)
ALLV(uint8_t, uint8_t)
ALLV(int16_t, int16_t)
ALLV(uint16_t, uint16_t)
ALLV(int32_t, int32_t)
ALLV(uint32_t, uint32_t)
ALLV(int64_t, int64_t)
ALLV(uint64_t, uint64_t)
ALLV(size_t, size_t)

/* ---- bupc_all_reduce_allT ---- */

#define REDUCE_ALL(SUF, T)                                                                                     \
	void upcr_bupc_all_reduce_all##SUF(upcr_sptr_t dst, upcr_sptr_t src, upc_op_t op, size_t nelems,       \
					   size_t blk_size, T (*func)(T, T), upc_flag_t flags, upcr_loc_t loc) \
	{                                                                                                      \
		/* reduce into dst (its thread), then every thread copies the result                           \
		 * to the same offset in its own partition */                                                  \
		upcr_all_reduce##SUF(dst, src, op, nelems, blk_size, func, (flags & 3) | UPC_OUT_ALLSYNC, loc); \
		upcr_sptr_t mine = dst;                                                                        \
		mine.thread = (uint32_t)upcr_mythread_;                                                        \
		if (mine.thread != dst.thread) {                                                               \
			T v = *(T *)upcr_addr(dst);                                                            \
			upcr_model_transfer((int)dst.thread, sizeof(T), loc);                                  \
			upcr_coll_barrier();                                                                   \
			*(T *)upcr_addr(mine) = v;                                                             \
		} else                                                                                         \
			upcr_coll_barrier();                                                                   \
		if ((flags & 12) != UPC_OUT_NOSYNC)                                                            \
			upcr_coll_barrier();                                                                   \
	}
REDUCE_ALL(C, signed char)
REDUCE_ALL(UC, unsigned char)
REDUCE_ALL(S, short)
REDUCE_ALL(US, unsigned short)
REDUCE_ALL(I, int)
REDUCE_ALL(UI, unsigned int)
REDUCE_ALL(L, long)
REDUCE_ALL(UL, unsigned long)
REDUCE_ALL(F, float)
REDUCE_ALL(D, double)
REDUCE_ALL(LD, long double)
