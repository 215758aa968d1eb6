/* <bupc_extensions.h>: the Berkeley UPC extensions: timers, thread
   distance, pointer conversions and arithmetic, asynchronous and
   strided/vector copies, all-value collectives, semaphores and signaling
   puts, and the fixed-type atomics. As with Berkeley UPC, <upc.h> includes
   it (unless BUPC_DISABLE_EXTENSIONS is defined), and it includes
   <inttypes.h>. Defining BUPC_USE_UPC_NAMESPACE before including it also
   gives the extensions their upc_ names (upc_handle_t, upc_memget_async,
   upc_sem_t ...), as older Berkeley UPC programs use them. */
#ifndef _UPCLINT_BUPC_EXTENSIONS_H
#define _UPCLINT_BUPC_EXTENSIONS_H

#include <upc.h>
#include <upc_types.h>
#include <stddef.h>
#include <inttypes.h>

/* Timers. */
typedef uint64_t bupc_tick_t;
typedef bupc_tick_t bupc_ticks_t;
#define BUPC_TICK_MIN ((bupc_tick_t)0)
#define BUPC_TICK_MAX ((bupc_tick_t)18446744073709551615UL)
#define BUPC_TICKS_MIN BUPC_TICK_MIN
#define BUPC_TICKS_MAX BUPC_TICK_MAX

bupc_tick_t bupc_ticks_now(void);
uint64_t bupc_ticks_to_us(bupc_tick_t ticks);
uint64_t bupc_ticks_to_ns(bupc_tick_t ticks);
double bupc_tick_overheadus(void);
double bupc_tick_granularityus(void);

/* Progress and diagnostics. bupc_dump_shared writes a description of a
   pointer-to-shared into buf, which needs at least BUPC_DUMP_MIN_LENGTH
   characters. */
void bupc_poll(void);
#define BUPC_DUMP_MIN_LENGTH 100
int bupc_dump_shared(shared const void *ptr, char *buf, int maxlen);
#define UPC_DUMP_MIN_LENGTH BUPC_DUMP_MIN_LENGTH
#define upc_dump_shared(ptr, buf, maxlen) bupc_dump_shared(ptr, buf, maxlen)

/* Environment and tracing. bupc_trace_printf takes its printf arguments in
   a second pair of parentheses and does nothing unless communication
   tracing is enabled. */
char *bupc_getenv(const char *name);
#define bupc_trace_printf(parenthesized_args) ((void)0)
void bupc_trace_setmask(const char *newmask);
const char *bupc_trace_getmask(void);
int bupc_trace_gettracelocal(void);
void bupc_trace_settracelocal(int val);
void bupc_stats_setmask(const char *newmask);
const char *bupc_stats_getmask(void);

/* Thread layout. */
#define BUPC_THREADS_SAME 0
#define BUPC_THREADS_VERYNEAR 1
#define BUPC_THREADS_NEAR 2
#define BUPC_THREADS_FAR 3
#define BUPC_THREADS_VERYFAR 4
unsigned int bupc_thread_distance(int threadA, int threadB);

/* Pointer conversions. */
void *bupc_cast(shared const void *ptr);
int bupc_castable(shared const void *ptr);
int bupc_thread_castable(unsigned int threadnum);
shared void *bupc_local_to_shared(void *ptr, int thread, int phase);
shared void *bupc_inverse_cast(void *ptr);

/* bupc_assert_type(expr, type) is a Berkeley UPC built-in operation for
   compiler tests: it warns when expr does not have exactly the type type.
   upclint does not compare the types (expr may itself be a type name): the
   macro is 1, and only requires type to name a complete type. */
#define bupc_assert_type(expr, type) ((int)(sizeof(type) != 0))

/* Pointer-to-shared arithmetic with a block size that is not a constant:
   the value of q after shared [blockelems] T *q = p; q += elemincr; with
   elemsz = sizeof(T). */
shared void *bupc_ptradd(shared void *p, size_t blockelems, size_t elemsz, ptrdiff_t elemincr);

/* Asynchronous copies with explicit handles. */
typedef struct bupc_handle_struct *bupc_handle_t;
#define BUPC_COMPLETE_HANDLE ((bupc_handle_t)0)

bupc_handle_t bupc_memcpy_async(shared void *dst, shared const void *src, size_t nbytes);
bupc_handle_t bupc_memget_async(void *dst, shared const void *src, size_t nbytes);
bupc_handle_t bupc_memput_async(shared void *dst, const void *src, size_t nbytes);
bupc_handle_t bupc_memset_async(shared void *dst, int c, size_t nbytes);
void bupc_waitsync(bupc_handle_t handle);
int bupc_trysync(bupc_handle_t handle);
void bupc_waitsync_all(bupc_handle_t *handles, size_t n);
int bupc_trysync_all(bupc_handle_t *handles, size_t n);
void bupc_waitsync_some(bupc_handle_t *handles, size_t n);
int bupc_trysync_some(bupc_handle_t *handles, size_t n);

/* Asynchronous copies with implicit handles. */
void bupc_memcpy_asynci(shared void *dst, shared const void *src, size_t nbytes);
void bupc_memget_asynci(void *dst, shared const void *src, size_t nbytes);
void bupc_memput_asynci(shared void *dst, const void *src, size_t nbytes);
void bupc_memset_asynci(shared void *dst, int c, size_t nbytes);
void bupc_waitsynci(void);
int bupc_trysynci(void);
void bupc_begin_accessregion(void);
bupc_handle_t bupc_end_accessregion(void);

/* Vector, indexed and strided copies. The BUPC_*_DESIGN_* macros say which
   interfaces are available. */
#define BUPC_SG_DESIGN_A 1
#define BUPC_SG_DESIGN_B 1
#define BUPC_STRIDED_DESIGN_A 1
#define BUPC_STRIDED_DESIGN_B 1

typedef struct {
	void *addr;
	size_t len;
} bupc_pmemvec_t;

typedef struct {
	shared void *addr;
	size_t len;
} bupc_smemvec_t;

void bupc_memcpy_vlist(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount, bupc_smemvec_t const srclist[]);
bupc_handle_t bupc_memcpy_vlist_async(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount, bupc_smemvec_t const srclist[]);
void bupc_memput_vlist(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount, bupc_pmemvec_t const srclist[]);
void bupc_memget_vlist(size_t dstcount, bupc_pmemvec_t const dstlist[], size_t srccount, bupc_smemvec_t const srclist[]);
bupc_handle_t bupc_memput_vlist_async(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount, bupc_pmemvec_t const srclist[]);
bupc_handle_t bupc_memget_vlist_async(size_t dstcount, bupc_pmemvec_t const dstlist[], size_t srccount, bupc_smemvec_t const srclist[]);

void bupc_memcpy_ilist(size_t dstcount, shared void * const dstlist[], size_t dstlen, size_t srccount, shared const void * const srclist[], size_t srclen);
bupc_handle_t bupc_memcpy_ilist_async(size_t dstcount, shared void * const dstlist[], size_t dstlen, size_t srccount, shared const void * const srclist[], size_t srclen);
void bupc_memput_ilist(size_t dstcount, shared void * const dstlist[], size_t dstlen, size_t srccount, void const * const srclist[], size_t srclen);
void bupc_memget_ilist(size_t dstcount, void * const dstlist[], size_t dstlen, size_t srccount, shared const void * const srclist[], size_t srclen);
bupc_handle_t bupc_memput_ilist_async(size_t dstcount, shared void * const dstlist[], size_t dstlen, size_t srccount, void const * const srclist[], size_t srclen);
bupc_handle_t bupc_memget_ilist_async(size_t dstcount, void * const dstlist[], size_t dstlen, size_t srccount, shared const void * const srclist[], size_t srclen);

void bupc_memcpy_fstrided(shared void *dstaddr, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount, shared void *srcaddr, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount);
bupc_handle_t bupc_memcpy_fstrided_async(shared void *dstaddr, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount, shared void *srcaddr, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount);
void bupc_memput_fstrided(shared void *dstaddr, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount, void *srcaddr, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount);
void bupc_memget_fstrided(void *dstaddr, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount, shared void *srcaddr, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount);
bupc_handle_t bupc_memput_fstrided_async(shared void *dstaddr, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount, void *srcaddr, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount);
bupc_handle_t bupc_memget_fstrided_async(void *dstaddr, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount, shared void *srcaddr, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount);

void bupc_memcpy_strided(shared void *dstaddr, const size_t dststrides[], shared const void *srcaddr, const size_t srcstrides[], const size_t count[], size_t stridelevels);
void bupc_memput_strided(shared void *dstaddr, const size_t dststrides[], const void *srcaddr, const size_t srcstrides[], const size_t count[], size_t stridelevels);
void bupc_memget_strided(void *dstaddr, const size_t dststrides[], shared const void *srcaddr, const size_t srcstrides[], const size_t count[], size_t stridelevels);
bupc_handle_t bupc_memcpy_strided_async(shared void *dstaddr, const size_t dststrides[], shared const void *srcaddr, const size_t srcstrides[], const size_t count[], size_t stridelevels);
bupc_handle_t bupc_memput_strided_async(shared void *dstaddr, const size_t dststrides[], const void *srcaddr, const size_t srcstrides[], const size_t count[], size_t stridelevels);
bupc_handle_t bupc_memget_strided_async(void *dstaddr, const size_t dststrides[], shared const void *srcaddr, const size_t srcstrides[], const size_t count[], size_t stridelevels);

/* Semaphores and signaling puts. bupc_sem_t is an opaque shared type. */
typedef shared struct bupc_sem_struct bupc_sem_t;

#define BUPC_SEM_BOOLEAN 1
#define BUPC_SEM_INTEGER 2
#define BUPC_SEM_SPRODUCER 4
#define BUPC_SEM_MPRODUCER 8
#define BUPC_SEM_SCONSUMER 16
#define BUPC_SEM_MCONSUMER 32
#define BUPC_SEM_MASK 63
#define BUPC_SEM_MAXVALUE 65535

bupc_sem_t *bupc_sem_alloc(int flags);
void bupc_sem_free(bupc_sem_t *s);
void bupc_sem_post(bupc_sem_t *s);
void bupc_sem_postN(bupc_sem_t *s, size_t n);
void bupc_sem_wait(bupc_sem_t *s);
void bupc_sem_waitN(bupc_sem_t *s, size_t n);
int bupc_sem_try(bupc_sem_t *s);
int bupc_sem_tryN(bupc_sem_t *s, size_t n);
void bupc_memput_signal(shared void *dst, const void *src, size_t nbytes, bupc_sem_t *s, size_t n);
void bupc_memput_signal_async(shared void *dst, const void *src, size_t nbytes, bupc_sem_t *s, size_t n);

/* Fixed-type atomics on shared memory: bupc_atomicT_OP_{strict,relaxed}
   for T in I (int), UI, L (long), UL, I32, U32, I64, U64:
     T read(shared void *ptr);  void set(shared void *ptr, T val);
     T swap(ptr, val);  T mswap(ptr, mask, val);  T cswap(ptr, oldval, newval);
   T fetchadd, fetchand, fetchor, fetchxor(ptr, op);  T fetchnot(ptr).
   Every unit that includes <upc.h> reads these 160 functions, so they are
   declared with one function type per signature: a parameter list is read
   once per type, not once per function. */
#define _UPCLINT_BUPC_ATOMICS(T, type) \
typedef type _bupc_atomic##T##_get_t(shared void *); \
typedef void _bupc_atomic##T##_set_t(shared void *, type); \
typedef type _bupc_atomic##T##_op_t(shared void *, type); \
typedef type _bupc_atomic##T##_op2_t(shared void *, type, type); \
_bupc_atomic##T##_get_t bupc_atomic##T##_read_strict, bupc_atomic##T##_read_relaxed, bupc_atomic##T##_fetchnot_strict, bupc_atomic##T##_fetchnot_relaxed; \
_bupc_atomic##T##_set_t bupc_atomic##T##_set_strict, bupc_atomic##T##_set_relaxed; \
_bupc_atomic##T##_op_t bupc_atomic##T##_swap_strict, bupc_atomic##T##_swap_relaxed, bupc_atomic##T##_fetchadd_strict, bupc_atomic##T##_fetchadd_relaxed, bupc_atomic##T##_fetchand_strict, bupc_atomic##T##_fetchand_relaxed, bupc_atomic##T##_fetchor_strict, bupc_atomic##T##_fetchor_relaxed, bupc_atomic##T##_fetchxor_strict, bupc_atomic##T##_fetchxor_relaxed; \
_bupc_atomic##T##_op2_t bupc_atomic##T##_mswap_strict, bupc_atomic##T##_mswap_relaxed, bupc_atomic##T##_cswap_strict, bupc_atomic##T##_cswap_relaxed;
_UPCLINT_BUPC_ATOMICS(I, int)
_UPCLINT_BUPC_ATOMICS(UI, unsigned int)
_UPCLINT_BUPC_ATOMICS(L, long)
_UPCLINT_BUPC_ATOMICS(UL, unsigned long)
_UPCLINT_BUPC_ATOMICS(I32, int32_t)
_UPCLINT_BUPC_ATOMICS(U32, uint32_t)
_UPCLINT_BUPC_ATOMICS(I64, int64_t)
_UPCLINT_BUPC_ATOMICS(U64, uint64_t)
#undef _UPCLINT_BUPC_ATOMICS

/* The upc_ names of the extensions, which older Berkeley UPC programs use
   (Berkeley UPC defines them under BUPC_USE_UPC_NAMESPACE). */
#ifdef BUPC_USE_UPC_NAMESPACE
#define upc_sem_t bupc_sem_t
#define upc_handle_t bupc_handle_t
#define upc_pmemvec_t bupc_pmemvec_t
#define upc_smemvec_t bupc_smemvec_t
#define UPC_THREADS_SAME BUPC_THREADS_SAME
#define UPC_THREADS_VERYNEAR BUPC_THREADS_VERYNEAR
#define UPC_THREADS_NEAR BUPC_THREADS_NEAR
#define UPC_THREADS_FAR BUPC_THREADS_FAR
#define UPC_THREADS_VERYFAR BUPC_THREADS_VERYFAR
#define UPC_SEM_BOOLEAN BUPC_SEM_BOOLEAN
#define UPC_SEM_INTEGER BUPC_SEM_INTEGER
#define UPC_SEM_SPRODUCER BUPC_SEM_SPRODUCER
#define UPC_SEM_MPRODUCER BUPC_SEM_MPRODUCER
#define UPC_SEM_SCONSUMER BUPC_SEM_SCONSUMER
#define UPC_SEM_MCONSUMER BUPC_SEM_MCONSUMER
#define UPC_SEM_MAXVALUE BUPC_SEM_MAXVALUE
#define UPC_COMPLETE_HANDLE BUPC_COMPLETE_HANDLE
#define upc_thread_distance bupc_thread_distance
#define upc_sem_alloc bupc_sem_alloc
#define upc_sem_free bupc_sem_free
#define upc_sem_post bupc_sem_post
#define upc_sem_postN bupc_sem_postN
#define upc_sem_wait bupc_sem_wait
#define upc_sem_waitN bupc_sem_waitN
#define upc_sem_try bupc_sem_try
#define upc_sem_tryN bupc_sem_tryN
#define upc_memput_signal bupc_memput_signal
#define upc_memput_signal_async bupc_memput_signal_async
#define upc_waitsync bupc_waitsync
#define upc_trysync bupc_trysync
#define upc_waitsync_all bupc_waitsync_all
#define upc_trysync_all bupc_trysync_all
#define upc_waitsync_some bupc_waitsync_some
#define upc_trysync_some bupc_trysync_some
#define upc_memcpy_async bupc_memcpy_async
#define upc_memget_async bupc_memget_async
#define upc_memput_async bupc_memput_async
#define upc_memset_async bupc_memset_async
#define upc_waitsynci bupc_waitsynci
#define upc_trysynci bupc_trysynci
#define upc_memcpy_asynci bupc_memcpy_asynci
#define upc_memget_asynci bupc_memget_asynci
#define upc_memput_asynci bupc_memput_asynci
#define upc_memset_asynci bupc_memset_asynci
#define upc_begin_accessregion bupc_begin_accessregion
#define upc_end_accessregion bupc_end_accessregion
#define upc_memcpy_vlist bupc_memcpy_vlist
#define upc_memput_vlist bupc_memput_vlist
#define upc_memget_vlist bupc_memget_vlist
#define upc_memcpy_vlist_async bupc_memcpy_vlist_async
#define upc_memput_vlist_async bupc_memput_vlist_async
#define upc_memget_vlist_async bupc_memget_vlist_async
#define upc_memcpy_ilist bupc_memcpy_ilist
#define upc_memput_ilist bupc_memput_ilist
#define upc_memget_ilist bupc_memget_ilist
#define upc_memcpy_ilist_async bupc_memcpy_ilist_async
#define upc_memput_ilist_async bupc_memput_ilist_async
#define upc_memget_ilist_async bupc_memget_ilist_async
#define upc_memcpy_fstrided bupc_memcpy_fstrided
#define upc_memput_fstrided bupc_memput_fstrided
#define upc_memget_fstrided bupc_memget_fstrided
#define upc_memcpy_fstrided_async bupc_memcpy_fstrided_async
#define upc_memput_fstrided_async bupc_memput_fstrided_async
#define upc_memget_fstrided_async bupc_memget_fstrided_async
#define upc_memcpy_strided bupc_memcpy_strided
#define upc_memput_strided bupc_memput_strided
#define upc_memget_strided bupc_memget_strided
#define upc_memcpy_strided_async bupc_memcpy_strided_async
#define upc_memput_strided_async bupc_memput_strided_async
#define upc_memget_strided_async bupc_memget_strided_async
#define upc_atomicI64_read_strict bupc_atomicI64_read_strict
#define upc_atomicI64_read_relaxed bupc_atomicI64_read_relaxed
#define upc_atomicI64_set_strict bupc_atomicI64_set_strict
#define upc_atomicI64_set_relaxed bupc_atomicI64_set_relaxed
#define upc_atomicI64_fetchadd_strict bupc_atomicI64_fetchadd_strict
#define upc_atomicI64_fetchadd_relaxed bupc_atomicI64_fetchadd_relaxed
#define upc_atomicU64_read_strict bupc_atomicU64_read_strict
#define upc_atomicU64_read_relaxed bupc_atomicU64_read_relaxed
#define upc_atomicU64_set_strict bupc_atomicU64_set_strict
#define upc_atomicU64_set_relaxed bupc_atomicU64_set_relaxed
#define upc_atomicU64_fetchadd_strict bupc_atomicU64_fetchadd_strict
#define upc_atomicU64_fetchadd_relaxed bupc_atomicU64_fetchadd_relaxed
#define upc_all_reduce_allC bupc_all_reduce_allC
#define upc_all_reduce_allUC bupc_all_reduce_allUC
#define upc_all_reduce_allS bupc_all_reduce_allS
#define upc_all_reduce_allUS bupc_all_reduce_allUS
#define upc_all_reduce_allI bupc_all_reduce_allI
#define upc_all_reduce_allUI bupc_all_reduce_allUI
#define upc_all_reduce_allL bupc_all_reduce_allL
#define upc_all_reduce_allUL bupc_all_reduce_allUL
#define upc_all_reduce_allF bupc_all_reduce_allF
#define upc_all_reduce_allD bupc_all_reduce_allD
#define upc_all_reduce_allLD bupc_all_reduce_allLD
#endif

#endif /* _UPCLINT_BUPC_EXTENSIONS_H */
