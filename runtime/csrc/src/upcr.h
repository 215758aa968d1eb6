/*
 * upcr.h - the interface between translated UPC programs and the bundled
 * UPC runtime.  The translator emits C that includes only this header; the
 * exact shape of that C is described in CONTRACT.md beside this file.
 *
 * Model: every UPC thread is a process.  One shared anonymous mapping is
 * created before the threads are forked, so a shared object has the same
 * virtual address in every thread and "local" access to another thread's
 * data is an ordinary load or store.  Each thread owns one partition of the
 * mapping; a pointer-to-shared names a partition (thread), an offset inside
 * it and a phase.
 *
 * Everything on the hot path (local element access, pointer arithmetic,
 * upc_threadof) is an inline function here, so that a translated loop over
 * local shared data compiles to nearly the same code as the plain C loop.
 */
#ifndef UPCR_H
#define UPCR_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
/* Berkeley UPC's translated code includes these before the program: code
 * written for it calls printf or assert without including their headers */
#include <assert.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever the program descriptor or an emitted-call signature
 * changes, so a stale translation is rejected instead of misbehaving. */
#define UPCR_ABI_VERSION 1

#define UPCR_LIKELY(x) __builtin_expect(!!(x), 1)
#define UPCR_UNLIKELY(x) __builtin_expect(!!(x), 0)
/* hot-path helpers: always inlined, so constant block and element sizes
 * fold into the caller's arithmetic */
#define UPCR_HOT static inline __attribute__((always_inline))

/* ------------------------------------------------------------------ */
/* THREADS, MYTHREAD and the predefined macros (UPC 6.3, 6.7.2)        */
/* ------------------------------------------------------------------ */

extern int upcr_threads_;  /* THREADS, set before user code runs     */
extern int upcr_mythread_; /* MYTHREAD, private to each process        */

#define __UPC__ 1
#define __UPC_VERSION__ 201311L
#define UPC_MAX_BLOCK_SIZE ((size_t)1 << 31)

#ifdef UPCR_STATIC_THREADS
/* Static THREADS: a constant, so layout arithmetic folds at compile time. */
#define THREADS UPCR_STATIC_THREADS
#define __UPC_STATIC_THREADS__ 1
#define UPCR_STATIC_THREADS_VALUE UPCR_STATIC_THREADS
#else
#define THREADS (+upcr_threads_) /* unary + makes it a non-lvalue */
#define __UPC_DYNAMIC_THREADS__ 1
#define UPCR_STATIC_THREADS_VALUE 0
#endif
#define MYTHREAD (+upcr_mythread_)

/* ------------------------------------------------------------------ */
/* Source locations                                                     */
/* ------------------------------------------------------------------ */

/* A source location packed in 32 bits: index into the program's file
 * table (upcr_program.files) and the UPC source line.  Every runtime call
 * that can fail, block or communicate takes one, so reports and per-line
 * statistics name the UPC line, not the C line. */
typedef uint32_t upcr_loc_t;
#define UPCR_LOC(file, line) ((upcr_loc_t)(((uint32_t)(file) << 22) | ((uint32_t)(line) & 0x3fffff)))
#define UPCR_LOC_FILE(loc) ((int)((loc) >> 22))
#define UPCR_LOC_LINE(loc) ((int)((loc) & 0x3fffff))
/* The source file a location names ("?" if none). */
const char *upcr_file_name(upcr_loc_t loc);
#define UPCR_NOLOC ((upcr_loc_t)0)

/* ------------------------------------------------------------------ */
/* Pointers-to-shared (UPC 6.4.2)                                       */
/* ------------------------------------------------------------------ */

/* The pointer-to-shared representation: the owning thread, the byte
 * offset inside that thread's partition, and the phase (index within the
 * current block, in elements).  Offset 0 is never a valid object, so the
 * all-zero value is the null pointer-to-shared. */
typedef struct upcr_sptr {
	uint64_t off;
	uint32_t thread;
	uint32_t phase;
} upcr_sptr_t;

#define UPCR_NULL ((upcr_sptr_t){0, 0, 0})

/* Partition geometry, fixed before user code runs. */
extern char *upcr_partbase_; /* partition 0's first byte                */
extern size_t upcr_partsize_; /* bytes per partition                     */
extern char *upcr_mybase_;   /* MYTHREAD's partition                      */

static inline int upcr_isnull(upcr_sptr_t p) { return p.off == 0 && p.thread == 0; }

UPCR_HOT int upcr_is_local(upcr_sptr_t p)
{
	return THREADS == 1 || p.thread == (uint32_t)upcr_mythread_;
}

/* The virtual address of the object p points to (valid in every thread,
 * since the segment is mapped at one address everywhere). */
static inline void *upcr_addr(upcr_sptr_t p)
{
	return upcr_partbase_ + (size_t)p.thread * upcr_partsize_ + p.off;
}

/* p + d for a pointer to an element of esz bytes with block size B
 * (0 = indefinite).  d counts ultimate elements: for a pointer to an array
 * type T[K] the translator passes i*K.  Floor division as 6.4.2 demands. */
UPCR_HOT upcr_sptr_t upcr_add_t(upcr_sptr_t p, int64_t d, size_t esz, size_t B, int64_t T)
{
	if (B == 0) { /* indefinite: plain C arithmetic, thread unchanged */
		p.off += (uint64_t)(d * (int64_t)esz);
		p.phase = 0;
		return p;
	}
	if (B == 1) { /* cyclic: phaseless */
		if (T == 1) {
			p.off += (uint64_t)(d * (int64_t)esz);
			return p;
		}
		int64_t t = (int64_t)p.thread + d;
		int64_t q = t / T, r = t % T;
		if (r < 0) {
			r += T;
			q--;
		}
		p.thread = (uint32_t)r;
		p.off += (uint64_t)(q * (int64_t)esz);
		return p;
	}
	int64_t b = (int64_t)B;
	int64_t tot = (int64_t)p.phase + d;
	if (UPCR_LIKELY((uint64_t)tot < (uint64_t)b)) { /* same block: no division */
		p.off += (uint64_t)(d * (int64_t)esz);
		p.phase = (uint32_t)tot;
		return p;
	}
	if (T == 1) { /* one partition: contiguous, only the phase wraps */
		int64_t ph = tot % b;
		if (ph < 0)
			ph += b;
		p.off += (uint64_t)(d * (int64_t)esz);
		p.phase = (uint32_t)ph;
		return p;
	}
	int64_t blocks = tot / b, ph = tot % b;
	if (ph < 0) {
		ph += b;
		blocks--;
	}
	int64_t q, r;
	if (T == 1) {
		q = blocks;
		r = 0;
	} else {
		int64_t t = (int64_t)p.thread + blocks;
		q = t / T;
		r = t % T;
		if (r < 0) {
			r += T;
			q--;
		}
	}
	p.off += (uint64_t)((q * b + ph - (int64_t)p.phase) * (int64_t)esz);
	p.thread = (uint32_t)r;
	p.phase = (uint32_t)ph;
	return p;
}

UPCR_HOT upcr_sptr_t upcr_add(upcr_sptr_t p, int64_t d, size_t esz, size_t B)
{
	return upcr_add_t(p, d, esz, B, THREADS);
}

/* Element i of an array whose base pointer is a (phase 0): the same as
 * upcr_add, named for readability of emitted code. */
UPCR_HOT upcr_sptr_t upcr_index(upcr_sptr_t a, int64_t i, size_t esz, size_t B)
{
	return upcr_add(a, i, esz, B);
}

/* upcr_add and upcr_index for code that runs only when THREADS == 1 (the
 * translator's single-thread loop versions, see "Single-thread loop
 * versions" below): the layout arithmetic folds even under dynamic THREADS. */
UPCR_HOT upcr_sptr_t upcr_add1(upcr_sptr_t p, int64_t d, size_t esz, size_t B)
{
	return upcr_add_t(p, d, esz, B, 1);
}
UPCR_HOT upcr_sptr_t upcr_index1(upcr_sptr_t a, int64_t i, size_t esz, size_t B)
{
	return upcr_add_t(a, i, esz, B, 1);
}

/* p - q in elements (6.4.2: defined only when q + x == p). */
static inline int64_t upcr_diff(upcr_sptr_t p, upcr_sptr_t q, size_t esz, size_t B)
{
	const int64_t T = THREADS;
	if (B == 0)
		return ((int64_t)p.off - (int64_t)q.off) / (int64_t)esz;
	if (B == 1)
		return ((int64_t)p.off - (int64_t)q.off) / (int64_t)esz * T +
		       ((int64_t)p.thread - (int64_t)q.thread);
	int64_t b = (int64_t)B;
	int64_t pc = ((int64_t)p.off - (int64_t)p.phase * (int64_t)esz);
	int64_t qc = ((int64_t)q.off - (int64_t)q.phase * (int64_t)esz);
	return (pc - qc) / ((int64_t)esz * b) * b * T + ((int64_t)p.thread - (int64_t)q.thread) * b +
	       ((int64_t)p.phase - (int64_t)q.phase);
}

/* == and != ignore the phase (6.4.2). */
static inline int upcr_eq(upcr_sptr_t p, upcr_sptr_t q) { return p.off == q.off && p.thread == q.thread; }

/* <, <=, >, >= are defined as (p - q) OP 0; this returns the sign. */
static inline int upcr_cmp(upcr_sptr_t p, upcr_sptr_t q, size_t esz, size_t B)
{
	int64_t d = upcr_diff(p, q, esz, B);
	return (d > 0) - (d < 0);
}

/* Byte offset inside the pointed-to element, e.g. a struct member:
 * &p->f has type shared [] F *, so the phase becomes 0, thread unchanged. */
static inline upcr_sptr_t upcr_field(upcr_sptr_t p, size_t byteoff)
{
	p.off += byteoff;
	p.phase = 0;
	return p;
}

/* Cast between pointer-to-shared types of different block or element size
 * (6.4.3): phase 0.  Casts to and from shared void * keep the value; a cast
 * from shared void * to a type with block size 0 or 1 also gives phase 0,
 * which is this function too. */
static inline upcr_sptr_t upcr_cast(upcr_sptr_t p)
{
	p.phase = 0;
	return p;
}

/* upc.h pointer functions (7.2.3). */
static inline size_t upc_threadof(upcr_sptr_t p) { return p.thread; }
static inline size_t upc_phaseof(upcr_sptr_t p) { return p.phase; }
static inline size_t upc_addrfield(upcr_sptr_t p) { return (size_t)p.off; }
static inline upcr_sptr_t upc_resetphase(upcr_sptr_t p)
{
	p.phase = 0;
	return p;
}
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid);

/* Shared-to-local cast (6.4.3).  Always yields the real address (all of
 * the segment is mapped); under --check a pointer whose affinity is not
 * MYTHREAD is a fatal error, because that is undefined in UPC. */
extern int upcr_check_;
void upcr_check_local_cast(upcr_sptr_t p, upcr_loc_t loc);
static inline void *upcr_to_local(upcr_sptr_t p, upcr_loc_t loc)
{
	if (upcr_isnull(p))
		return NULL;
	if (UPCR_UNLIKELY(upcr_check_) && !upcr_is_local(p))
		upcr_check_local_cast(p, loc);
	return upcr_addr(p);
}

/* ------------------------------------------------------------------ */
/* Statistics counters (private to each thread; published at barriers   */
/* and at exit, so the hot path is a plain increment)                   */
/* ------------------------------------------------------------------ */

/* unsigned long long, not uint64_t (unsigned long): a distinct type for
 * alias analysis, so a counter increment does not force the compiler to
 * reload pointer-to-shared offsets (uint64_t) in the caller's loop. */
typedef unsigned long long upcr_count_t;
typedef struct upcr_counters {
	upcr_count_t local_reads, local_read_bytes, local_writes, local_write_bytes;
	upcr_count_t remote_reads, remote_read_bytes, remote_writes, remote_write_bytes;
	upcr_count_t bulk_local, bulk_local_bytes, bulk_remote, bulk_remote_bytes;
	upcr_count_t strict_ops, fences, barriers, lock_ops;
	upcr_count_t allocs, frees, collectives, collective_bytes;
	double comm_ns;    /* modeled cost of this thread's own remote operations */
	double modeled_ns; /* modeled program time (virtual clock) */
	double barrier_wait_ns; /* wall time from notify to the end of the wait, all barriers */
} upcr_counters_t;

extern upcr_counters_t upcr_ctr_;

#ifndef UPCR_NO_LOCAL_COUNTS
#define UPCR_COUNT_LOCAL_READ(n) (upcr_ctr_.local_reads++, upcr_ctr_.local_read_bytes += (n))
#define UPCR_COUNT_LOCAL_WRITE(n) (upcr_ctr_.local_writes++, upcr_ctr_.local_write_bytes += (n))
#else
#define UPCR_COUNT_LOCAL_READ(n) ((void)0)
#define UPCR_COUNT_LOCAL_WRITE(n) ((void)0)
#endif

/* ------------------------------------------------------------------ */
/* Shared accesses                                                      */
/* ------------------------------------------------------------------ */

/* Out-of-line paths: remote (or strict) accesses of n bytes. */
void upcr_get_remote(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc);
void upcr_put_remote(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc);
void upcr_get_strict(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc);
void upcr_put_strict(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc);

/* Relaxed access of any size (structs, arrays as a whole). */
static inline void upcr_get(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	if (UPCR_LIKELY(upcr_is_local(src))) {
		UPCR_COUNT_LOCAL_READ(n);
		memcpy(dst, upcr_mybase_ + src.off, n);
		return;
	}
	upcr_get_remote(dst, src, n, loc);
}

static inline void upcr_put(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc)
{
	if (UPCR_LIKELY(upcr_is_local(dst))) {
		UPCR_COUNT_LOCAL_WRITE(n);
		memcpy(upcr_mybase_ + dst.off, src, n);
		return;
	}
	upcr_put_remote(dst, src, n, loc);
}

/* Typed accessors: upcr_get_NAME(p, loc), upcr_put_NAME(p, v, loc) and the
 * strict variants upcr_get_NAME_strict / upcr_put_NAME_strict. */
#define UPCR_ACCESSORS(NAME, T)                                                          \
	UPCR_HOT T upcr_get_##NAME(upcr_sptr_t p, upcr_loc_t loc)                         \
	{                                                                                \
		if (UPCR_LIKELY(upcr_is_local(p))) {                                     \
			UPCR_COUNT_LOCAL_READ(sizeof(T));                                \
			return *(T *)(upcr_mybase_ + p.off);                             \
		}                                                                        \
		T v;                                                                     \
		upcr_get_remote(&v, p, sizeof(T), loc);                                  \
		return v;                                                                \
	}                                                                                \
	UPCR_HOT void upcr_put_##NAME(upcr_sptr_t p, T v, upcr_loc_t loc)                 \
	{                                                                                \
		if (UPCR_LIKELY(upcr_is_local(p))) {                                     \
			UPCR_COUNT_LOCAL_WRITE(sizeof(T));                               \
			*(T *)(upcr_mybase_ + p.off) = v;                                \
			return;                                                          \
		}                                                                        \
		upcr_put_remote(p, &v, sizeof(T), loc);                                  \
	}                                                                                \
	static inline T upcr_get_##NAME##_strict(upcr_sptr_t p, upcr_loc_t loc)          \
	{                                                                                \
		T v;                                                                     \
		upcr_get_strict(&v, p, sizeof(T), loc);                                  \
		return v;                                                                \
	}                                                                                \
	static inline void upcr_put_##NAME##_strict(upcr_sptr_t p, T v, upcr_loc_t loc)  \
	{                                                                                \
		upcr_put_strict(p, &v, sizeof(T), loc);                                  \
	}

UPCR_ACCESSORS(char, char)
UPCR_ACCESSORS(schar, signed char)
UPCR_ACCESSORS(uchar, unsigned char)
UPCR_ACCESSORS(short, short)
UPCR_ACCESSORS(ushort, unsigned short)
UPCR_ACCESSORS(int, int)
UPCR_ACCESSORS(uint, unsigned int)
UPCR_ACCESSORS(long, long)
UPCR_ACCESSORS(ulong, unsigned long)
UPCR_ACCESSORS(llong, long long)
UPCR_ACCESSORS(ullong, unsigned long long)
UPCR_ACCESSORS(float, float)
UPCR_ACCESSORS(double, double)
UPCR_ACCESSORS(ldouble, long double)
UPCR_ACCESSORS(ptr, void *)      /* a pointer-to-local stored in shared memory */
UPCR_ACCESSORS(sptr, upcr_sptr_t) /* a pointer-to-shared stored in shared memory */

/* Value-returning generic access for types without a named accessor:
 * UPCR_GET(struct point, p, loc) is an rvalue of type struct point. */
#define UPCR_GET(T, p, loc) ({ T upcr_v_; upcr_get(&upcr_v_, (p), sizeof(T), (loc)); upcr_v_; })
#define UPCR_GET_STRICT(T, p, loc) ({ T upcr_v_; upcr_get_strict(&upcr_v_, (p), sizeof(T), (loc)); upcr_v_; })
#define UPCR_PUT(T, p, val, loc) do { T upcr_v_ = (val); upcr_put((p), &upcr_v_, sizeof(T), (loc)); } while (0)
#define UPCR_PUT_STRICT(T, p, val, loc) do { T upcr_v_ = (val); upcr_put_strict((p), &upcr_v_, sizeof(T), (loc)); } while (0)

/* Single-thread loop versions.  The translator emits a loop that accesses
 * shared data twice, guarded by THREADS == 1:
 *
 *	{ upcr_count_t upcr_lcN[4] = {0};
 *	  if (THREADS == 1) { loop, accesses via upcr_l1get_NAME/upcr_l1put_NAME }
 *	  else { loop as usual }
 *	  upcr_l1_flush(upcr_lcN); }
 *
 * With one thread every access is local, so the single-thread version has
 * no locality test and no remote path (no call after which the compiler
 * must reload base pointers), and counts its local accesses in the
 * caller's counter array c (reads, read bytes, writes, write bytes): a
 * local variable the compiler keeps in registers or folds into one
 * addition per loop.  The translator versions only loops that cannot
 * publish statistics before the flush (no calls except pure library
 * functions, no return, goto or labels, no barriers, fences or strict
 * accesses), so the published counts stay exact. */
#ifndef UPCR_NO_LOCAL_COUNTS
#define UPCR_L1_COUNT(c, k, n) ((c)[k]++, (c)[(k) + 1] += (n))
#else
#define UPCR_L1_COUNT(c, k, n) ((void)(c))
#endif
#define UPCR_L1_ACCESSORS(NAME, T)                                                      \
	UPCR_HOT T upcr_l1get_##NAME(upcr_sptr_t p, upcr_count_t *c)                    \
	{                                                                               \
		UPCR_L1_COUNT(c, 0, sizeof(T));                                         \
		return *(T *)(upcr_mybase_ + p.off);                                    \
	}                                                                               \
	UPCR_HOT void upcr_l1put_##NAME(upcr_sptr_t p, T v, upcr_count_t *c)            \
	{                                                                               \
		UPCR_L1_COUNT(c, 2, sizeof(T));                                         \
		*(T *)(upcr_mybase_ + p.off) = v;                                       \
	}
UPCR_L1_ACCESSORS(char, char)
UPCR_L1_ACCESSORS(schar, signed char)
UPCR_L1_ACCESSORS(uchar, unsigned char)
UPCR_L1_ACCESSORS(short, short)
UPCR_L1_ACCESSORS(ushort, unsigned short)
UPCR_L1_ACCESSORS(int, int)
UPCR_L1_ACCESSORS(uint, unsigned int)
UPCR_L1_ACCESSORS(long, long)
UPCR_L1_ACCESSORS(ulong, unsigned long)
UPCR_L1_ACCESSORS(llong, long long)
UPCR_L1_ACCESSORS(ullong, unsigned long long)
UPCR_L1_ACCESSORS(float, float)
UPCR_L1_ACCESSORS(double, double)
UPCR_L1_ACCESSORS(ldouble, long double)
UPCR_L1_ACCESSORS(ptr, void *)
UPCR_L1_ACCESSORS(sptr, upcr_sptr_t)
#undef UPCR_L1_ACCESSORS

/* Adds a single-thread loop version's counts to the thread's counters. */
UPCR_HOT void upcr_l1_flush(const upcr_count_t *c)
{
#ifndef UPCR_NO_LOCAL_COUNTS
	upcr_ctr_.local_reads += c[0];
	upcr_ctr_.local_read_bytes += c[1];
	upcr_ctr_.local_writes += c[2];
	upcr_ctr_.local_write_bytes += c[3];
#else
	(void)c;
#endif
}

/* Privatized accesses.  In a loop that visits only MYTHREAD's elements
 * (step THREADS*B over an array of block size B, or an indefinite array
 * when MYTHREAD is 0) the translator computes each element's local
 * address from a strength-reduced index instead of a pointer-to-shared:
 *
 *	{ upcr_count_t upcr_lcN[4] = {0, 0, 0, 0}; init;
 *	  if (i % THREADS == MYTHREAD) { int *pa = (int *)upcr_mylocal(a); int64_t k = i / THREADS;
 *	    for (; cond; i += THREADS, k++) UPCR_LP_PUT(pa + k, UPCR_LP_GET(pb + k, upcr_lcN), upcr_lcN); }
 *	  else for (; cond; i += THREADS) loop as usual
 *	  upcr_l1_flush(upcr_lcN); }
 *
 * upcr_mylocal(p) is the address at p's offset in MYTHREAD's partition (for
 * an object's base pointer, its local part); UPCR_LP_GET/UPCR_LP_PUT access
 * through such an address and count like the single-thread accessors. */
UPCR_HOT void *upcr_mylocal(upcr_sptr_t p) { return upcr_mybase_ + p.off; }
#define UPCR_LP_GET(p, c) (UPCR_L1_COUNT(c, 0, sizeof *(p)), *(p))
#define UPCR_LP_PUT(p, v, c) ((void)(UPCR_L1_COUNT(c, 2, sizeof *(p)), *(p) = (v)))

/* upc_fence: a null strict access. */
void upcr_fence(upcr_loc_t loc);

/* ------------------------------------------------------------------ */
/* Bulk copies (7.2.5): each shared range is shared [] char[n]           */
/* ------------------------------------------------------------------ */

void upcr_memcpy(upcr_sptr_t dst, upcr_sptr_t src, size_t n, upcr_loc_t loc);
void upcr_memget(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc);
void upcr_memput(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc);
void upcr_memset(upcr_sptr_t dst, int c, size_t n, upcr_loc_t loc);

/* ------------------------------------------------------------------ */
/* Synchronisation (6.6.1)                                              */
/* ------------------------------------------------------------------ */

/* upc_notify [expr]; upc_wait [expr]; upc_barrier [expr];
 * hasid is 0 when the statement has no expression. */
void upcr_notify(int hasid, int id, upcr_loc_t loc);
void upcr_wait(int hasid, int id, upcr_loc_t loc);
void upcr_barrier(int hasid, int id, upcr_loc_t loc);

/* upc_forall support: a forall with an affinity clause controls the
 * iteration distribution only when no enclosing forall (dynamically) does.
 * upcr_forall_begin returns the value to pass to upcr_forall_end and tells
 * whether this forall distributes iterations (1) or runs all (0). */
extern int upcr_forall_depth_;
static inline int upcr_forall_begin(void) { return upcr_forall_depth_++ == 0; }
static inline void upcr_forall_end(void) { upcr_forall_depth_--; }
/* Affinity tests; `ctl` is the value upcr_forall_begin returned. */
static inline int upcr_forall_mine_int(int ctl, long aff)
{
	return !ctl || (long)(aff % THREADS) == (long)upcr_mythread_;
}
static inline int upcr_forall_mine_ptr(int ctl, upcr_sptr_t aff)
{
	return !ctl || upcr_is_local(aff);
}

/* ------------------------------------------------------------------ */
/* Allocation (7.2.2) and locks (7.2.4)                                  */
/* ------------------------------------------------------------------ */

upcr_sptr_t upcr_global_alloc(size_t nblocks, size_t nbytes, upcr_loc_t loc);
upcr_sptr_t upcr_all_alloc(size_t nblocks, size_t nbytes, upcr_loc_t loc);
upcr_sptr_t upcr_alloc(size_t nbytes, upcr_loc_t loc);
void upcr_free(upcr_sptr_t p, upcr_loc_t loc);
void upcr_all_free(upcr_sptr_t p, upcr_loc_t loc);

/* upc_lock_t * is a pointer-to-shared like any other. */
upcr_sptr_t upcr_global_lock_alloc(upcr_loc_t loc);
upcr_sptr_t upcr_all_lock_alloc(upcr_loc_t loc);
void upcr_lock(upcr_sptr_t lock, upcr_loc_t loc);
int upcr_lock_attempt(upcr_sptr_t lock, upcr_loc_t loc);
void upcr_unlock(upcr_sptr_t lock, upcr_loc_t loc);
void upcr_lock_free(upcr_sptr_t lock, upcr_loc_t loc);
void upcr_all_lock_free(upcr_sptr_t lock, upcr_loc_t loc);

/* upc_global_exit (7.2.1). */
void upcr_global_exit(int status, upcr_loc_t loc) __attribute__((noreturn));

/* ------------------------------------------------------------------ */
/* Static shared objects and the program descriptor                      */
/* ------------------------------------------------------------------ */

/* One entry per static shared object.  The runtime lays the objects out
 * before forking, writes the initial values, and stores each object's base
 * pointer (thread 0, phase 0) into *base. */
typedef struct upcr_shared_decl {
	upcr_sptr_t *base;   /* where the runtime puts the object's address     */
	const char *name;    /* UPC name, for messages                          */
	size_t elemsize;     /* upc_elemsizeof                                  */
	size_t blocksize;    /* block size in elements; 0 = indefinite or scalar */
	size_t nelems;       /* elements (all dimensions), without THREADS factor */
	int threads_mult;    /* 1: the declared size is nelems * THREADS          */
	const void *init;    /* row-major image of the initial value, or NULL     */
	size_t init_size;    /* bytes of init (the rest of the object is zero)    */
} upcr_shared_decl_t;

typedef struct upcr_program {
	int abi;                      /* UPCR_ABI_VERSION                      */
	int static_threads;           /* compile-time THREADS, 0 = dynamic     */
	const char *const *files;     /* file table indexed by UPCR_LOC's file */
	int nfiles;
	const upcr_shared_decl_t *shared;
	int nshared;
	void (*init)(void);           /* non-constant initialisers, run by thread 0 before main; may be NULL */
	int (*main)(int, char **);    /* the renamed UPC main                  */
} upcr_program_t;

/* The translated program defines exactly one descriptor. */
extern const upcr_program_t upcr_program;

#define UPCR_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define UPCR_PROGRAM(files, shared, init, main)                                               \
	const upcr_program_t upcr_program = {UPCR_ABI_VERSION, UPCR_STATIC_THREADS_VALUE, files, \
					     UPCR_COUNT(files), shared, UPCR_COUNT(shared), init, main}
#define UPCR_PROGRAM_NOSHARED(files, init, main) \
	const upcr_program_t upcr_program = {UPCR_ABI_VERSION, UPCR_STATIC_THREADS_VALUE, files, \
					     UPCR_COUNT(files), NULL, 0, init, main}

/* A translation unit without main (a program of several) registers its
 * file table, whose first entry has index files_base in its locations,
 * and its static shared objects with their initializer (run by thread 0
 * before main) before main runs; the launcher lays the objects out after
 * the program's own. */
void upcr_register_unit(const char *const *files, int nfiles, int files_base, const upcr_shared_decl_t *shared,
			int nshared, void (*init)(void));
#define UPCR_UNIT(files, base, shared, init)                                                     \
	__attribute__((constructor)) static void upcr_unit_register(void)                        \
	{                                                                                        \
		upcr_register_unit(files, UPCR_COUNT(files), base, shared, UPCR_COUNT(shared), init); \
	}
#define UPCR_UNIT_NOSHARED(files, base, init)                                         \
	__attribute__((constructor)) static void upcr_unit_register(void)             \
	{                                                                             \
		upcr_register_unit(files, UPCR_COUNT(files), base, NULL, 0, init);    \
	}
/* Every static shared object of the program: upcr_program's, then the
 * registered units' (set by the launcher before the threads start). */
extern const upcr_shared_decl_t *upcr_shared_;
extern int upcr_nshared_;

/* ------------------------------------------------------------------ */
/* Internal primitives for the collectives library                      */
/* ------------------------------------------------------------------ */

/* Every upc_all_* function calls upcr_coll_enter first and upcr_coll_exit
 * last.  enter counts the collective, marks the thread as being inside
 * `name` for the deadlock watchdog, rejects a collective between
 * upc_notify and upc_wait, and under --check compares name and args[]
 * (the single-valued arguments, e.g. pointers packed with upcr_sptr_bits,
 * sizes, flags) across all threads: a mismatch is a fatal report that
 * names both call sites.  bytes is the payload for the statistics. */
void upcr_coll_enter(const char *name, const uint64_t *args, int nargs, size_t bytes, upcr_loc_t loc);
void upcr_coll_exit(void);
/* A barrier among all threads that is independent of upc_notify/upc_wait
 * ids and phases; while blocked the thread shows as inside the current
 * collective. */
void upcr_coll_barrier(void);
/* Per-thread scratch area in shared memory (upcr_scratch_size bytes,
 * UPCR_SCRATCH_KB): pointer-to-shared and address of thread t's area. */
extern size_t upcr_scratch_size_;
upcr_sptr_t upcr_scratch(int thread);
/* Account a modeled remote transfer of n bytes to/from `target` that a
 * collective performs with plain loads/stores on the segment. */
void upcr_model_transfer(int target, size_t n, upcr_loc_t loc);
/* Pack a pointer-to-shared into one integer for upcr_coll_enter's args. */
static inline uint64_t upcr_sptr_bits(upcr_sptr_t p)
{
	return (p.off << 24) ^ ((uint64_t)p.thread << 8) ^ p.phase;
}
/* Sleep until *addr != val (bounded spin, then futex), e.g. a flag in the
 * scratch area; and wake all sleepers on addr. */
void upcr_wait_while_eq(volatile uint32_t *addr, uint32_t val);
void upcr_wake_all(volatile uint32_t *addr);

/* Report a runtime error from library code: prints, records it for the
 * launcher and ends the program.  kind is a short word (e.g.
 * "collective-mismatch"); fmt is printf-like. */
void upcr_fatal(const char *kind, upcr_loc_t loc, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));
/* A non-fatal finding (the --check diagnostics): recorded once per loc. */
void upcr_warn(const char *kind, upcr_loc_t loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ------------------------------------------------------------------ */
/* Collectives library (7.3, <upc_collective.h>), in upcr_coll.c       */
/* ------------------------------------------------------------------ */

/* <upc_types.h>: the same values as upclint's own header, so that a
 * translated program may emit the names or their values. */
#ifndef UPC_IN_ALLSYNC
typedef int upc_op_t;
typedef int upc_flag_t;
#define UPC_ADD 0
#define UPC_MULT 1
#define UPC_AND 2
#define UPC_OR 3
#define UPC_XOR 4
#define UPC_LOGAND 5
#define UPC_LOGOR 6
#define UPC_MIN 7
#define UPC_MAX 8
#define UPC_FUNC 9
#define UPC_NONCOMM_FUNC 10
#define UPC_IN_ALLSYNC 0
#define UPC_IN_MYSYNC 1
#define UPC_IN_NOSYNC 2
#define UPC_OUT_ALLSYNC 0
#define UPC_OUT_MYSYNC 4
#define UPC_OUT_NOSYNC 8
#endif

/* upc_all_X(args...) -> upcr_all_X(args..., loc): every pointer-to-shared
 * argument is a upcr_sptr_t (perm: shared const int *, block size 1).
 * Synchronisation: UPC_IN_ALLSYNC waits for all threads to enter;
 * UPC_IN_NOSYNC starts at once.  UPC_OUT_ALLSYNC waits for all threads at
 * the end; UPC_OUT_NOSYNC returns when this thread's part is done, except
 * that the element-order reductions (UPC_NONCOMM_FUNC, prefix) always end
 * with an internal barrier.  MYSYNC is ALLSYNC except for broadcast and
 * the tree reductions, which order the accesses point to point (see
 * upcr_coll.c). */
void upcr_all_broadcast(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc);
void upcr_all_scatter(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc);
void upcr_all_gather(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc);
void upcr_all_gather_all(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc);
void upcr_all_exchange(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc);
void upcr_all_permute(upcr_sptr_t dst, upcr_sptr_t src, upcr_sptr_t perm, size_t nbytes, upc_flag_t flags,
		      upcr_loc_t loc);

/* upc_all_reduceT / upc_all_prefix_reduceT for T in C UC S US I UI L UL F
 * D LD.  Results combine in a fixed order (thread order for the
 * commutative operators, element order for UPC_NONCOMM_FUNC and for the
 * prefix reductions), so they are the same in every run. */
#define UPCR_REDUCE_DECL(SUF, T)                                                                             \
	void upcr_all_reduce##SUF(upcr_sptr_t dst, upcr_sptr_t src, upc_op_t op, size_t nelems, size_t blk_size, \
				  T (*func)(T, T), upc_flag_t flags, upcr_loc_t loc);                          \
	void upcr_all_prefix_reduce##SUF(upcr_sptr_t dst, upcr_sptr_t src, upc_op_t op, size_t nelems,         \
					 size_t blk_size, T (*func)(T, T), upc_flag_t flags, upcr_loc_t loc);
UPCR_REDUCE_DECL(C, signed char)
UPCR_REDUCE_DECL(UC, unsigned char)
UPCR_REDUCE_DECL(S, short)
UPCR_REDUCE_DECL(US, unsigned short)
UPCR_REDUCE_DECL(I, int)
UPCR_REDUCE_DECL(UI, unsigned int)
UPCR_REDUCE_DECL(L, long)
UPCR_REDUCE_DECL(UL, unsigned long)
UPCR_REDUCE_DECL(F, float)
UPCR_REDUCE_DECL(D, double)
UPCR_REDUCE_DECL(LD, long double)
#undef UPCR_REDUCE_DECL

/* ================================================================== */
/* Optional and extension libraries (upcr_lib*.c): <upc_tick.h>,        */
/* <upc_nb.h>, <upc_atomic.h>, <upc_castable.h> and the Berkeley        */
/* extensions of <bupc_extensions.h>.  upc_X(args) -> upcr_X(args, loc) */
/* and bupc_X(args) -> upcr_bupc_X(args, loc); the one exception is     */
/* upc_cast, which is upcr_cast_local (upcr_cast is the pointer cast).  */
/* Constant values are those of upclint's analysis headers.             */
/* ================================================================== */

/* <upc_types.h>: element types of the atomic domains. */
#ifndef UPC_CHAR
typedef int upc_type_t;
#define UPC_CHAR 1
#define UPC_UCHAR 2
#define UPC_SHORT 3
#define UPC_USHORT 4
#define UPC_INT 5
#define UPC_UINT 6
#define UPC_LONG 7
#define UPC_ULONG 8
#define UPC_LLONG 9
#define UPC_ULLONG 10
#define UPC_INT8 11
#define UPC_UINT8 12
#define UPC_INT16 13
#define UPC_UINT16 14
#define UPC_INT32 15
#define UPC_UINT32 16
#define UPC_INT64 17
#define UPC_UINT64 18
#define UPC_FLOAT 19
#define UPC_DOUBLE 20
#define UPC_LDOUBLE 21
#define UPC_PTS 22
#endif

/* ---- <upc_tick.h> (upcr_lib_tick.c): CLOCK_MONOTONIC nanoseconds ---- */
#define __UPC_TICK__ 1
typedef uint64_t upc_tick_t;
#define UPC_TICK_MIN ((upc_tick_t)0)
#define UPC_TICK_MAX ((upc_tick_t)18446744073709551615UL)
upc_tick_t upcr_ticks_now(upcr_loc_t loc);
uint64_t upcr_ticks_to_ns(upc_tick_t ticks, upcr_loc_t loc);

/* ---- <upc_nb.h> (upcr_lib_nb.c) ---- */
/* Transfers complete before the initiating call returns (counted like
 * upc_mem*; the network model completes them in the background, and the
 * sync waits for what is left), but every _nb call returns a distinct live
 * handle that must reach a successful upc_sync/upc_sync_attempt exactly
 * once: syncing a consumed, foreign or invented handle is a fatal
 * "bad-handle" report, and under --check a thread that ends with live
 * handles gets a "handle-leak" warning. */
#define __UPC_NB__ 1
typedef struct upc_handle_struct *upc_handle_t;
#define UPC_COMPLETE_HANDLE ((upc_handle_t)0)
upc_handle_t upcr_memcpy_nb(upcr_sptr_t dst, upcr_sptr_t src, size_t n, upcr_loc_t loc);
upc_handle_t upcr_memget_nb(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc);
upc_handle_t upcr_memput_nb(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc);
upc_handle_t upcr_memset_nb(upcr_sptr_t dst, int c, size_t n, upcr_loc_t loc);
void upcr_memcpy_nbi(upcr_sptr_t dst, upcr_sptr_t src, size_t n, upcr_loc_t loc);
void upcr_memget_nbi(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc);
void upcr_memput_nbi(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc);
void upcr_memset_nbi(upcr_sptr_t dst, int c, size_t n, upcr_loc_t loc);
int upcr_sync_attempt(upc_handle_t handle, upcr_loc_t loc);
void upcr_sync(upc_handle_t handle, upcr_loc_t loc);
int upcr_synci_attempt(upcr_loc_t loc);
void upcr_synci(upcr_loc_t loc);
/* For library code: a fresh live handle for a transfer already done. */
upc_handle_t upcr_nb_handle_new(upcr_loc_t loc);

/* ---- <upc_atomic.h> (upcr_lib_atomic.c) ---- */
/* Operation values: the upc_op_t values above plus these (upclint's
 * upc_atomic.h).  Because UPC_ADD is 0 and the values are consecutive
 * integers, an `ops` mask built with | is decoded as a bit pattern: the
 * domain supports exactly the operations valid for its type whose value
 * is a bit-subset of `ops` (v & ~ops == 0).  Every operation named in the
 * | is therefore supported; UPC_ADD (0) is in every domain whose type
 * allows it.  An `ops` that is not the | of operations valid for the type
 * is reported at allocation. */
#define __UPC_ATOMIC__ 1
#define UPC_SUB 11
#define UPC_INC 12
#define UPC_DEC 13
#define UPC_GET 14
#define UPC_SET 15
#define UPC_CSWAP 16
typedef int upc_atomichint_t;
#define UPC_ATOMIC_HINT_DEFAULT 0
#define UPC_ATOMIC_HINT_LATENCY 1
#define UPC_ATOMIC_HINT_THROUGHPUT 2
/* upc_atomicdomain_t * is a pointer-to-shared (upcr_sptr_t). */
upcr_sptr_t upcr_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops, upc_atomichint_t hints, upcr_loc_t loc);
void upcr_all_atomicdomain_free(upcr_sptr_t domain, upcr_loc_t loc);
void upcr_atomic_strict(upcr_sptr_t domain, void *fetch_ptr, upc_op_t op, upcr_sptr_t target, const void *operand1,
			const void *operand2, upcr_loc_t loc);
void upcr_atomic_relaxed(upcr_sptr_t domain, void *fetch_ptr, upc_op_t op, upcr_sptr_t target, const void *operand1,
			 const void *operand2, upcr_loc_t loc);
int upcr_atomic_isfast(upc_type_t type, upc_op_t ops, upcr_sptr_t addr, upcr_loc_t loc);

/* ---- <upc_castable.h> (upcr_lib_cast.c) ---- */
/* Every thread maps the whole segment, so every non-null
 * pointer-to-shared is castable. */
#define __UPC_CASTABLE__ 1
#define UPC_CASTABLE_ALL_ALLOC (1 << 0)
#define UPC_CASTABLE_GLOBAL_ALLOC (1 << 1)
#define UPC_CASTABLE_ALLOC (1 << 2)
#define UPC_CASTABLE_STATIC (1 << 3)
#define UPC_CASTABLE_ALL \
	(UPC_CASTABLE_ALL_ALLOC | UPC_CASTABLE_GLOBAL_ALLOC | UPC_CASTABLE_ALLOC | UPC_CASTABLE_STATIC)
typedef struct {
	int guaranteedCastable;
	int probablyCastable;
} upc_thread_info_t;
void *upcr_cast_local(upcr_sptr_t ptr, upcr_loc_t loc); /* upc_cast(ptr) */
upc_thread_info_t upcr_thread_info(size_t threadId, upcr_loc_t loc);

/* ---- <bupc_extensions.h> (upcr_lib_bupc.c) ---- */
typedef uint64_t bupc_tick_t;
typedef bupc_tick_t bupc_ticks_t;
#define BUPC_TICK_MIN ((bupc_tick_t)0)
#define BUPC_TICK_MAX ((bupc_tick_t)18446744073709551615UL)
#define BUPC_TICKS_MIN BUPC_TICK_MIN
#define BUPC_TICKS_MAX BUPC_TICK_MAX
bupc_tick_t upcr_bupc_ticks_now(upcr_loc_t loc);
uint64_t upcr_bupc_ticks_to_us(bupc_tick_t ticks, upcr_loc_t loc);
uint64_t upcr_bupc_ticks_to_ns(bupc_tick_t ticks, upcr_loc_t loc);
double upcr_bupc_tick_overheadus(upcr_loc_t loc);
double upcr_bupc_tick_granularityus(upcr_loc_t loc);
void upcr_bupc_poll(upcr_loc_t loc);

#define BUPC_THREADS_SAME 0
#define BUPC_THREADS_VERYNEAR 1
#define BUPC_THREADS_NEAR 2
#define BUPC_THREADS_FAR 3
#define BUPC_THREADS_VERYFAR 4
int upcr_bupc_thread_distance(int threadA, int threadB, upcr_loc_t loc);

void *upcr_bupc_cast(upcr_sptr_t ptr, upcr_loc_t loc);
int upcr_bupc_castable(upcr_sptr_t ptr, upcr_loc_t loc);
int upcr_bupc_thread_castable(unsigned int threadnum, upcr_loc_t loc);
upcr_sptr_t upcr_bupc_inverse_cast(void *ptr, upcr_loc_t loc);

/* Asynchronous copies: the handles of <upc_nb.h>, one table. */
typedef struct bupc_handle_struct *bupc_handle_t;
#define BUPC_COMPLETE_HANDLE ((bupc_handle_t)0)
bupc_handle_t upcr_bupc_memcpy_async(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upcr_loc_t loc);
bupc_handle_t upcr_bupc_memget_async(void *dst, upcr_sptr_t src, size_t nbytes, upcr_loc_t loc);
bupc_handle_t upcr_bupc_memput_async(upcr_sptr_t dst, const void *src, size_t nbytes, upcr_loc_t loc);
bupc_handle_t upcr_bupc_memset_async(upcr_sptr_t dst, int c, size_t nbytes, upcr_loc_t loc);
void upcr_bupc_waitsync(bupc_handle_t handle, upcr_loc_t loc);
int upcr_bupc_trysync(bupc_handle_t handle, upcr_loc_t loc);
void upcr_bupc_waitsync_all(bupc_handle_t *handles, size_t n, upcr_loc_t loc);
int upcr_bupc_trysync_all(bupc_handle_t *handles, size_t n, upcr_loc_t loc);
void upcr_bupc_waitsync_some(bupc_handle_t *handles, size_t n, upcr_loc_t loc);
int upcr_bupc_trysync_some(bupc_handle_t *handles, size_t n, upcr_loc_t loc);
void upcr_bupc_memcpy_asynci(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upcr_loc_t loc);
void upcr_bupc_memget_asynci(void *dst, upcr_sptr_t src, size_t nbytes, upcr_loc_t loc);
void upcr_bupc_memput_asynci(upcr_sptr_t dst, const void *src, size_t nbytes, upcr_loc_t loc);
void upcr_bupc_memset_asynci(upcr_sptr_t dst, int c, size_t nbytes, upcr_loc_t loc);
void upcr_bupc_waitsynci(upcr_loc_t loc);
int upcr_bupc_trysynci(upcr_loc_t loc);
void upcr_bupc_begin_accessregion(upcr_loc_t loc);
bupc_handle_t upcr_bupc_end_accessregion(upcr_loc_t loc);

/* Strided copies: count[0] contiguous bytes, count[1..levels] repeats;
 * strides[0..levels-1] in bytes.  The shared side is addressed as
 * shared [] char (one thread's partition). */
void upcr_bupc_memcpy_strided(upcr_sptr_t dst, const size_t dststrides[], upcr_sptr_t src, const size_t srcstrides[],
			      const size_t count[], size_t stridelevels, upcr_loc_t loc);
void upcr_bupc_memput_strided(upcr_sptr_t dst, const size_t dststrides[], const void *src,
			      const size_t srcstrides[], const size_t count[], size_t stridelevels, upcr_loc_t loc);
void upcr_bupc_memget_strided(void *dst, const size_t dststrides[], upcr_sptr_t src, const size_t srcstrides[],
			      const size_t count[], size_t stridelevels, upcr_loc_t loc);
bupc_handle_t upcr_bupc_memcpy_strided_async(upcr_sptr_t dst, const size_t dststrides[], upcr_sptr_t src,
					     const size_t srcstrides[], const size_t count[], size_t stridelevels,
					     upcr_loc_t loc);
bupc_handle_t upcr_bupc_memput_strided_async(upcr_sptr_t dst, const size_t dststrides[], const void *src,
					     const size_t srcstrides[], const size_t count[], size_t stridelevels,
					     upcr_loc_t loc);
bupc_handle_t upcr_bupc_memget_strided_async(void *dst, const size_t dststrides[], upcr_sptr_t src,
					     const size_t srcstrides[], const size_t count[], size_t stridelevels,
					     upcr_loc_t loc);

/* Vector (vlist) and indexed (ilist) copies. */
typedef struct {
	void *addr;
	size_t len;
} bupc_pmemvec_t;
typedef struct {
	upcr_sptr_t addr; /* shared void * */
	size_t len;
} bupc_smemvec_t;
void upcr_bupc_memput_vlist(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount,
			    bupc_pmemvec_t const srclist[], upcr_loc_t loc);
void upcr_bupc_memget_vlist(size_t dstcount, bupc_pmemvec_t const dstlist[], size_t srccount,
			    bupc_smemvec_t const srclist[], upcr_loc_t loc);
void upcr_bupc_memput_ilist(size_t dstcount, upcr_sptr_t const dstlist[], size_t dstlen, size_t srccount,
			    void const *const srclist[], size_t srclen, upcr_loc_t loc);
void upcr_bupc_memget_ilist(size_t dstcount, void *const dstlist[], size_t dstlen, size_t srccount,
			    upcr_sptr_t const srclist[], size_t srclen, upcr_loc_t loc);
void upcr_bupc_memcpy_vlist(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount,
			    bupc_smemvec_t const srclist[], upcr_loc_t loc);
void upcr_bupc_memcpy_ilist(size_t dstcount, upcr_sptr_t const dstlist[], size_t dstlen, size_t srccount,
			    upcr_sptr_t const srclist[], size_t srclen, upcr_loc_t loc);
bupc_handle_t upcr_bupc_memcpy_vlist_async(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount,
					   bupc_smemvec_t const srclist[], upcr_loc_t loc);
bupc_handle_t upcr_bupc_memput_vlist_async(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount,
					   bupc_pmemvec_t const srclist[], upcr_loc_t loc);
bupc_handle_t upcr_bupc_memget_vlist_async(size_t dstcount, bupc_pmemvec_t const dstlist[], size_t srccount,
					   bupc_smemvec_t const srclist[], upcr_loc_t loc);
bupc_handle_t upcr_bupc_memcpy_ilist_async(size_t dstcount, upcr_sptr_t const dstlist[], size_t dstlen,
					   size_t srccount, upcr_sptr_t const srclist[], size_t srclen, upcr_loc_t loc);
bupc_handle_t upcr_bupc_memput_ilist_async(size_t dstcount, upcr_sptr_t const dstlist[], size_t dstlen,
					   size_t srccount, void const *const srclist[], size_t srclen, upcr_loc_t loc);
bupc_handle_t upcr_bupc_memget_ilist_async(size_t dstcount, void *const dstlist[], size_t dstlen, size_t srccount,
					   upcr_sptr_t const srclist[], size_t srclen, upcr_loc_t loc);

/* Berkeley UPC's runtime entry point for ending the program (declared in
 * its bupc_extern.h, called by some UPC programs without a declaration):
 * exit(exitcode). */
void bupc_exit(int exitcode);
/* Pointer arithmetic on a pointer-to-shared viewed with block size
 * blockelems and element size elemsz (UPC's p + elemincr for such a type). */
upcr_sptr_t upcr_bupc_ptradd(upcr_sptr_t p, size_t blockelems, size_t elemsz, ptrdiff_t elemincr, upcr_loc_t loc);
/* Tracing (Berkeley UPC's upc_trace): not recorded by this runtime; the
 * functions keep the mask and the local flag so that programs read back
 * what they set. */
void upcr_bupc_trace_setmask(const char *newmask, upcr_loc_t loc);
const char *upcr_bupc_trace_getmask(upcr_loc_t loc);
int upcr_bupc_trace_gettracelocal(upcr_loc_t loc);
void upcr_bupc_trace_settracelocal(int val, upcr_loc_t loc);

/* Fixed-stride copies: chunkcount chunks of chunklen bytes, chunkstride
 * bytes apart, on each side (the totals must agree). */
void upcr_bupc_memcpy_fstrided(upcr_sptr_t dst, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount,
			       upcr_sptr_t src, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount,
			       upcr_loc_t loc);
void upcr_bupc_memput_fstrided(upcr_sptr_t dst, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount,
			       void *src, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount,
			       upcr_loc_t loc);
void upcr_bupc_memget_fstrided(void *dst, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount,
			       upcr_sptr_t src, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount,
			       upcr_loc_t loc);
bupc_handle_t upcr_bupc_memcpy_fstrided_async(upcr_sptr_t dst, size_t dstchunklen, size_t dstchunkstride,
					      size_t dstchunkcount, upcr_sptr_t src, size_t srcchunklen,
					      size_t srcchunkstride, size_t srcchunkcount, upcr_loc_t loc);
bupc_handle_t upcr_bupc_memput_fstrided_async(upcr_sptr_t dst, size_t dstchunklen, size_t dstchunkstride,
					      size_t dstchunkcount, void *src, size_t srcchunklen,
					      size_t srcchunkstride, size_t srcchunkcount, upcr_loc_t loc);
bupc_handle_t upcr_bupc_memget_fstrided_async(void *dst, size_t dstchunklen, size_t dstchunkstride,
					      size_t dstchunkcount, upcr_sptr_t src, size_t srcchunklen,
					      size_t srcchunkstride, size_t srcchunkcount, upcr_loc_t loc);


/* ================================================================== */
/* More Berkeley extensions and UPC-IO (upcr_lib_sem.c,                 */
/* upcr_lib_batomic.c, upcr_lib_allv.c, upcr_lib_io.c).  Same mapping   */
/* rule: bupc_X(args) -> upcr_bupc_X(args, loc), _bupc_allv_X(args) ->  */
/* upcr_bupc_allv_X(args, loc), upc_all_fX(args) -> upcr_all_fX(args,   */
/* loc); every pointer-to-shared (bupc_sem_t *, upc_file_t *) is a      */
/* upcr_sptr_t.                                                         */
/* ================================================================== */

/* ---- semaphores and signaling puts (upcr_lib_sem.c) ---- */
#define BUPC_SEM_BOOLEAN 1
#define BUPC_SEM_INTEGER 2
#define BUPC_SEM_SPRODUCER 4
#define BUPC_SEM_MPRODUCER 8
#define BUPC_SEM_SCONSUMER 16
#define BUPC_SEM_MCONSUMER 32
#define BUPC_SEM_MAXVALUE 65535
upcr_sptr_t upcr_bupc_sem_alloc(int flags, upcr_loc_t loc);
void upcr_bupc_sem_free(upcr_sptr_t s, upcr_loc_t loc);
void upcr_bupc_sem_post(upcr_sptr_t s, upcr_loc_t loc);
void upcr_bupc_sem_postN(upcr_sptr_t s, size_t n, upcr_loc_t loc);
void upcr_bupc_sem_wait(upcr_sptr_t s, upcr_loc_t loc);
void upcr_bupc_sem_waitN(upcr_sptr_t s, size_t n, upcr_loc_t loc);
int upcr_bupc_sem_try(upcr_sptr_t s, upcr_loc_t loc);
int upcr_bupc_sem_tryN(upcr_sptr_t s, size_t n, upcr_loc_t loc);
void upcr_bupc_memput_signal(upcr_sptr_t dst, const void *src, size_t nbytes, upcr_sptr_t s, size_t n,
			     upcr_loc_t loc);
void upcr_bupc_memput_signal_async(upcr_sptr_t dst, const void *src, size_t nbytes, upcr_sptr_t s, size_t n,
				   upcr_loc_t loc);
int upcr_bupc_dump_shared(upcr_sptr_t ptr, char *buf, int maxlen, upcr_loc_t loc);
upcr_sptr_t upcr_bupc_local_to_shared(void *ptr, int thread, int phase, upcr_loc_t loc);

/* ---- fixed-type atomics bupc_atomicT_OP_{strict,relaxed} (upcr_lib_batomic.c) ----
 * T in I UI L UL I32 U32 I64 U64; counted like upc_atomic: one access of
 * the type's size (a read for read, a write otherwise), remote ones
 * modeled as a round trip; strict ones also in strict_ops. */
#define UPCR_BATOMIC_DECL(S, T)                                                                        \
	T upcr_bupc_atomic##S##_read_strict(upcr_sptr_t p, upcr_loc_t loc);                                \
	T upcr_bupc_atomic##S##_read_relaxed(upcr_sptr_t p, upcr_loc_t loc);                               \
	void upcr_bupc_atomic##S##_set_strict(upcr_sptr_t p, T v, upcr_loc_t loc);                         \
	void upcr_bupc_atomic##S##_set_relaxed(upcr_sptr_t p, T v, upcr_loc_t loc);                        \
	T upcr_bupc_atomic##S##_swap_strict(upcr_sptr_t p, T v, upcr_loc_t loc);                           \
	T upcr_bupc_atomic##S##_swap_relaxed(upcr_sptr_t p, T v, upcr_loc_t loc);                          \
	T upcr_bupc_atomic##S##_mswap_strict(upcr_sptr_t p, T mask, T v, upcr_loc_t loc);                  \
	T upcr_bupc_atomic##S##_mswap_relaxed(upcr_sptr_t p, T mask, T v, upcr_loc_t loc);                 \
	T upcr_bupc_atomic##S##_cswap_strict(upcr_sptr_t p, T oldv, T newv, upcr_loc_t loc);               \
	T upcr_bupc_atomic##S##_cswap_relaxed(upcr_sptr_t p, T oldv, T newv, upcr_loc_t loc);              \
	T upcr_bupc_atomic##S##_fetchadd_strict(upcr_sptr_t p, T v, upcr_loc_t loc);                       \
	T upcr_bupc_atomic##S##_fetchadd_relaxed(upcr_sptr_t p, T v, upcr_loc_t loc);                      \
	T upcr_bupc_atomic##S##_fetchand_strict(upcr_sptr_t p, T v, upcr_loc_t loc);                       \
	T upcr_bupc_atomic##S##_fetchand_relaxed(upcr_sptr_t p, T v, upcr_loc_t loc);                      \
	T upcr_bupc_atomic##S##_fetchor_strict(upcr_sptr_t p, T v, upcr_loc_t loc);                        \
	T upcr_bupc_atomic##S##_fetchor_relaxed(upcr_sptr_t p, T v, upcr_loc_t loc);                       \
	T upcr_bupc_atomic##S##_fetchxor_strict(upcr_sptr_t p, T v, upcr_loc_t loc);                       \
	T upcr_bupc_atomic##S##_fetchxor_relaxed(upcr_sptr_t p, T v, upcr_loc_t loc);                      \
	T upcr_bupc_atomic##S##_fetchnot_strict(upcr_sptr_t p, upcr_loc_t loc);                            \
	T upcr_bupc_atomic##S##_fetchnot_relaxed(upcr_sptr_t p, upcr_loc_t loc);
UPCR_BATOMIC_DECL(I, int)
UPCR_BATOMIC_DECL(UI, unsigned int)
UPCR_BATOMIC_DECL(L, long)
UPCR_BATOMIC_DECL(UL, unsigned long)
UPCR_BATOMIC_DECL(I32, int32_t)
UPCR_BATOMIC_DECL(U32, uint32_t)
UPCR_BATOMIC_DECL(I64, int64_t)
UPCR_BATOMIC_DECL(U64, uint64_t)
#undef UPCR_BATOMIC_DECL

/* ---- all-value collectives (<bupc_collectivev.h>) and bupc_all_reduce_allT (upcr_lib_allv.c) ----
 * Collectives of all threads: values travel through the scratch area
 * between internal barriers; under --check the single-valued arguments
 * (root, op) are compared. */
#define UPCR_ALLV_DECL(N, T)                                                                        \
	T upcr_bupc_allv_broadcast_##N(T value, int rootthread, upcr_loc_t loc);                         \
	T upcr_bupc_allv_scatter_##N(const T *rootsrcarray, int rootthread, upcr_loc_t loc);             \
	T *upcr_bupc_allv_gather_##N(T value, int rootthread, T *rootdestarray, upcr_loc_t loc);         \
	T *upcr_bupc_allv_gather_all_##N(T value, T *destarray, upcr_loc_t loc);                         \
	T upcr_bupc_allv_permute_##N(T value, int tothreadid, upcr_loc_t loc);                           \
	T upcr_bupc_allv_reduce_##N(T value, int rootthread, upc_op_t op, upcr_loc_t loc);               \
	T upcr_bupc_allv_reduce_all_##N(T value, upc_op_t op, upcr_loc_t loc);                           \
	T upcr_bupc_allv_prefix_reduce_##N(T value, upc_op_t op, upcr_loc_t loc);
UPCR_ALLV_DECL(char, char)
UPCR_ALLV_DECL(short, short)
UPCR_ALLV_DECL(int, int)
UPCR_ALLV_DECL(long, long)
UPCR_ALLV_DECL(unsigned, unsigned)
UPCR_ALLV_DECL(float, float)
UPCR_ALLV_DECL(double, double)
UPCR_ALLV_DECL(int8_t, int8_t)
UPCR_ALLV_DECL(uint8_t, uint8_t)
UPCR_ALLV_DECL(int16_t, int16_t)
UPCR_ALLV_DECL(uint16_t, uint16_t)
UPCR_ALLV_DECL(int32_t, int32_t)
UPCR_ALLV_DECL(uint32_t, uint32_t)
UPCR_ALLV_DECL(int64_t, int64_t)
UPCR_ALLV_DECL(uint64_t, uint64_t)
UPCR_ALLV_DECL(size_t, size_t)
#undef UPCR_ALLV_DECL
/* bupc_all_reduce_allT: upc_all_reduceT whose result is stored at dst on
 * every thread (dst names the same offset in each thread's partition,
 * e.g. &r[0] of shared T r[THREADS]: each thread's own element). */
#define UPCR_REDUCE_ALL_DECL(SUF, T)                                                                        \
	void upcr_bupc_all_reduce_all##SUF(upcr_sptr_t dst, upcr_sptr_t src, upc_op_t op, size_t nelems,       \
					   size_t blk_size, T (*func)(T, T), upc_flag_t flags, upcr_loc_t loc);
UPCR_REDUCE_ALL_DECL(C, signed char)
UPCR_REDUCE_ALL_DECL(UC, unsigned char)
UPCR_REDUCE_ALL_DECL(S, short)
UPCR_REDUCE_ALL_DECL(US, unsigned short)
UPCR_REDUCE_ALL_DECL(I, int)
UPCR_REDUCE_ALL_DECL(UI, unsigned int)
UPCR_REDUCE_ALL_DECL(L, long)
UPCR_REDUCE_ALL_DECL(UL, unsigned long)
UPCR_REDUCE_ALL_DECL(F, float)
UPCR_REDUCE_ALL_DECL(D, double)
UPCR_REDUCE_ALL_DECL(LD, long double)
#undef UPCR_REDUCE_ALL_DECL

/* ---- <upc_io.h> (upcr_lib_io.c): UPC-IO over POSIX files ---- */
#define __UPC_IO__ 1
typedef long upc_off_t;
#define UPC_RDONLY (1 << 0)
#define UPC_WRONLY (1 << 1)
#define UPC_RDWR (1 << 2)
#define UPC_INDIVIDUAL_FP (1 << 3)
#define UPC_COMMON_FP (1 << 4)
#define UPC_APPEND (1 << 5)
#define UPC_CREATE (1 << 6)
#define UPC_EXCL (1 << 7)
#define UPC_STRONG_CA (1 << 8)
#define UPC_TRUNC (1 << 9)
#define UPC_DELETE_ON_CLOSE (1 << 10)
#define UPC_SEEK_SET 0
#define UPC_SEEK_CUR 1
#define UPC_SEEK_END 2
#define UPC_GET_CA_SEMANTICS 1
#define UPC_SET_WEAK_CA_SEMANTICS 2
#define UPC_SET_STRONG_CA_SEMANTICS 3
#define UPC_GET_FP 4
#define UPC_SET_COMMON_FP 5
#define UPC_SET_INDIVIDUAL_FP 6
#define UPC_GET_FL 7
#define UPC_GET_FN 8
#define UPC_GET_HINTS 9
#define UPC_SET_HINT 10
#define UPC_ASYNC_OUTSTANDING 11
struct upc_hint {
	const char *key;
	const char *value;
};
typedef struct upc_hint upc_hint_t;
struct upc_local_memvec {
	void *baseaddr;
	size_t len;
};
struct upc_shared_memvec {
	upcr_sptr_t baseaddr; /* shared void * */
	size_t blocksize;
	size_t len;
};
struct upc_filevec {
	upc_off_t offset;
	size_t len;
};
upcr_sptr_t upcr_all_fopen(const char *fname, int flags, size_t numhints, struct upc_hint const *hints, upcr_loc_t loc);
int upcr_all_fclose(upcr_sptr_t fd, upcr_loc_t loc);
int upcr_all_fsync(upcr_sptr_t fd, upcr_loc_t loc);
upc_off_t upcr_all_fseek(upcr_sptr_t fd, upc_off_t offset, int origin, upcr_loc_t loc);
int upcr_all_fset_size(upcr_sptr_t fd, upc_off_t size, upcr_loc_t loc);
upc_off_t upcr_all_fget_size(upcr_sptr_t fd, upcr_loc_t loc);
int upcr_all_fpreallocate(upcr_sptr_t fd, upc_off_t size, upcr_loc_t loc);
int upcr_all_fcntl(upcr_sptr_t fd, int cmd, void *arg, upcr_loc_t loc);
upc_off_t upcr_all_fread_local(upcr_sptr_t fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags, upcr_loc_t loc);
upc_off_t upcr_all_fwrite_local(upcr_sptr_t fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags, upcr_loc_t loc);
upc_off_t upcr_all_fread_shared(upcr_sptr_t fd, upcr_sptr_t buffer, size_t blocksize, size_t size, size_t nmemb,
				upc_flag_t flags, upcr_loc_t loc);
upc_off_t upcr_all_fwrite_shared(upcr_sptr_t fd, upcr_sptr_t buffer, size_t blocksize, size_t size, size_t nmemb,
				 upc_flag_t flags, upcr_loc_t loc);
upc_off_t upcr_all_fread_list_local(upcr_sptr_t fd, size_t memvec_entries, struct upc_local_memvec const *memvec,
				    size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags,
				    upcr_loc_t loc);
upc_off_t upcr_all_fwrite_list_local(upcr_sptr_t fd, size_t memvec_entries, struct upc_local_memvec const *memvec,
				     size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags,
				     upcr_loc_t loc);
upc_off_t upcr_all_fread_list_shared(upcr_sptr_t fd, size_t memvec_entries, struct upc_shared_memvec const *memvec,
				     size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags,
				     upcr_loc_t loc);
upc_off_t upcr_all_fwrite_list_shared(upcr_sptr_t fd, size_t memvec_entries, struct upc_shared_memvec const *memvec,
				      size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags,
				      upcr_loc_t loc);
void upcr_all_fread_local_async(upcr_sptr_t fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags, upcr_loc_t loc);
void upcr_all_fwrite_local_async(upcr_sptr_t fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags, upcr_loc_t loc);
void upcr_all_fread_shared_async(upcr_sptr_t fd, upcr_sptr_t buffer, size_t blocksize, size_t size, size_t nmemb,
				 upc_flag_t flags, upcr_loc_t loc);
void upcr_all_fwrite_shared_async(upcr_sptr_t fd, upcr_sptr_t buffer, size_t blocksize, size_t size, size_t nmemb,
				  upc_flag_t flags, upcr_loc_t loc);
void upcr_all_fread_list_local_async(upcr_sptr_t fd, size_t memvec_entries, struct upc_local_memvec const *memvec,
				     size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags,
				     upcr_loc_t loc);
void upcr_all_fwrite_list_local_async(upcr_sptr_t fd, size_t memvec_entries, struct upc_local_memvec const *memvec,
				      size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags,
				      upcr_loc_t loc);
void upcr_all_fread_list_shared_async(upcr_sptr_t fd, size_t memvec_entries, struct upc_shared_memvec const *memvec,
				      size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags,
				      upcr_loc_t loc);
void upcr_all_fwrite_list_shared_async(upcr_sptr_t fd, size_t memvec_entries, struct upc_shared_memvec const *memvec,
				       size_t filevec_entries, struct upc_filevec const *filevec, upc_flag_t flags,
				       upcr_loc_t loc);
upc_off_t upcr_all_fwait_async(upcr_sptr_t fd, upcr_loc_t loc);
upc_off_t upcr_all_ftest_async(upcr_sptr_t fd, int *flag, upcr_loc_t loc);

/* ---- --check: shared array bounds (upcr_lib_check.c) ----
 * With translate.Options.Check the translator indexes a shared array of
 * known size n (elements, THREADS factor included) through this. */
void upcr_check_bounds(upcr_sptr_t a, int64_t i, int64_t n, upcr_loc_t loc);
static inline upcr_sptr_t upcr_index_chk(upcr_sptr_t a, int64_t i, size_t esz, size_t B, int64_t n, upcr_loc_t loc)
{
	if (UPCR_UNLIKELY(upcr_check_) && (i < 0 || i >= n))
		upcr_check_bounds(a, i, n, loc);
	return upcr_index(a, i, esz, B);
}

/* ---- --check: accesses through pointers-to-shared (upcr_lib_check.c) ----
 * With translate.Options.Check the translator passes the address of every
 * access through a pointer-to-shared (n bytes; write 0 or 1) through
 * this; under --check an access outside the object it lands in (static
 * object or heap block, on the target thread) or in freed memory is fatal.
 * Remote, strict and bulk accesses are checked by the runtime itself. */
void upcr_check_access(upcr_sptr_t p, size_t n, int write, upcr_loc_t loc);
UPCR_HOT upcr_sptr_t upcr_acc_chk(upcr_sptr_t p, size_t n, int write, upcr_loc_t loc)
{
	if (UPCR_UNLIKELY(upcr_check_))
		upcr_check_access(p, n, write, loc);
	return p;
}

#ifdef __cplusplus
}
#endif
#endif /* UPCR_H */
