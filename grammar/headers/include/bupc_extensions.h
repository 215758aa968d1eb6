/* <bupc_extensions.h>: the commonly used Berkeley UPC extensions: timers,
   thread distance, pointer conversions, asynchronous and strided/vector
   copies, all-value collectives, semaphores and signaling puts, and the
   fixed-type atomics. Also reached as <bupc_collectivev.h>. */
#ifndef _UPCLINT_BUPC_EXTENSIONS_H
#define _UPCLINT_BUPC_EXTENSIONS_H

#include <upc.h>
#include <upc_types.h>
#include <stdint.h>

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

/* Progress and diagnostics. */
void bupc_poll(void);
int bupc_dump_shared(shared const void *ptr, char *buf, int maxlen);

/* Thread layout. */
#define BUPC_THREADS_SAME 0
#define BUPC_THREADS_VERYNEAR 1
#define BUPC_THREADS_NEAR 2
#define BUPC_THREADS_FAR 3
#define BUPC_THREADS_VERYFAR 4
int bupc_thread_distance(int threadA, int threadB);

/* Pointer conversions. */
void *bupc_cast(shared const void *ptr);
int bupc_castable(shared const void *ptr);
int bupc_thread_castable(unsigned int threadnum);
shared void *bupc_local_to_shared(void *ptr, int thread, int phase);
shared void *bupc_inverse_cast(void *ptr);

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

/* Vector, indexed and strided copies. */
typedef struct {
	void *baseaddr;
	size_t len;
} bupc_pmemvec_t;

typedef struct {
	shared void *baseaddr;
	size_t len;
} bupc_smemvec_t;

void bupc_memput_vlist(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount, bupc_pmemvec_t const srclist[]);
void bupc_memget_vlist(size_t dstcount, bupc_pmemvec_t const dstlist[], size_t srccount, bupc_smemvec_t const srclist[]);
bupc_handle_t bupc_memput_vlist_async(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount, bupc_pmemvec_t const srclist[]);
bupc_handle_t bupc_memget_vlist_async(size_t dstcount, bupc_pmemvec_t const dstlist[], size_t srccount, bupc_smemvec_t const srclist[]);

void bupc_memput_ilist(size_t dstcount, shared void * const dstlist[], size_t dstlen, size_t srccount, void const * const srclist[], size_t srclen);
void bupc_memget_ilist(size_t dstcount, void * const dstlist[], size_t dstlen, size_t srccount, shared const void * const srclist[], size_t srclen);
bupc_handle_t bupc_memput_ilist_async(size_t dstcount, shared void * const dstlist[], size_t dstlen, size_t srccount, void const * const srclist[], size_t srclen);
bupc_handle_t bupc_memget_ilist_async(size_t dstcount, void * const dstlist[], size_t dstlen, size_t srccount, shared const void * const srclist[], size_t srclen);

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

/* Reductions whose result reaches every thread (collective): the same
   arguments as upc_all_reduceT. */
void bupc_all_reduce_allC(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed char (*func)(signed char, signed char), upc_flag_t flags);
void bupc_all_reduce_allUC(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned char (*func)(unsigned char, unsigned char), upc_flag_t flags);
void bupc_all_reduce_allS(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed short (*func)(signed short, signed short), upc_flag_t flags);
void bupc_all_reduce_allUS(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned short (*func)(unsigned short, unsigned short), upc_flag_t flags);
void bupc_all_reduce_allI(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed int (*func)(signed int, signed int), upc_flag_t flags);
void bupc_all_reduce_allUI(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned int (*func)(unsigned int, unsigned int), upc_flag_t flags);
void bupc_all_reduce_allL(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed long (*func)(signed long, signed long), upc_flag_t flags);
void bupc_all_reduce_allUL(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned long (*func)(unsigned long, unsigned long), upc_flag_t flags);
void bupc_all_reduce_allF(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, float (*func)(float, float), upc_flag_t flags);
void bupc_all_reduce_allD(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, double (*func)(double, double), upc_flag_t flags);
void bupc_all_reduce_allLD(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, long double (*func)(long double, long double), upc_flag_t flags);

/* All-value collectives (collective): bupc_allv_OP(TYPE, ...) where TYPE is
   a single-token type name among char, short, int, long, unsigned, float,
   double, the <stdint.h> exact-width types and size_t. Each macro calls the
   function for that type. */
#define bupc_allv_broadcast(TYPE, value, rootthread) _bupc_allv_broadcast_##TYPE((value), (rootthread))
#define bupc_allv_scatter(TYPE, rootsrcarray, rootthread) _bupc_allv_scatter_##TYPE((rootsrcarray), (rootthread))
#define bupc_allv_gather(TYPE, value, rootthread, rootdestarray) _bupc_allv_gather_##TYPE((value), (rootthread), (rootdestarray))
#define bupc_allv_gather_all(TYPE, value, destarray) _bupc_allv_gather_all_##TYPE((value), (destarray))
#define bupc_allv_permute(TYPE, value, tothreadid) _bupc_allv_permute_##TYPE((value), (tothreadid))
#define bupc_allv_reduce(TYPE, value, rootthread, op) _bupc_allv_reduce_##TYPE((value), (rootthread), (op))
#define bupc_allv_reduce_all(TYPE, value, op) _bupc_allv_reduce_all_##TYPE((value), (op))
#define bupc_allv_prefix_reduce(TYPE, value, op) _bupc_allv_prefix_reduce_##TYPE((value), (op))

char _bupc_allv_broadcast_char(char value, int rootthread);
char _bupc_allv_scatter_char(const char *rootsrcarray, int rootthread);
char *_bupc_allv_gather_char(char value, int rootthread, char *rootdestarray);
char *_bupc_allv_gather_all_char(char value, char *destarray);
char _bupc_allv_permute_char(char value, int tothreadid);
char _bupc_allv_reduce_char(char value, int rootthread, upc_op_t op);
char _bupc_allv_reduce_all_char(char value, upc_op_t op);
char _bupc_allv_prefix_reduce_char(char value, upc_op_t op);
short _bupc_allv_broadcast_short(short value, int rootthread);
short _bupc_allv_scatter_short(const short *rootsrcarray, int rootthread);
short *_bupc_allv_gather_short(short value, int rootthread, short *rootdestarray);
short *_bupc_allv_gather_all_short(short value, short *destarray);
short _bupc_allv_permute_short(short value, int tothreadid);
short _bupc_allv_reduce_short(short value, int rootthread, upc_op_t op);
short _bupc_allv_reduce_all_short(short value, upc_op_t op);
short _bupc_allv_prefix_reduce_short(short value, upc_op_t op);
int _bupc_allv_broadcast_int(int value, int rootthread);
int _bupc_allv_scatter_int(const int *rootsrcarray, int rootthread);
int *_bupc_allv_gather_int(int value, int rootthread, int *rootdestarray);
int *_bupc_allv_gather_all_int(int value, int *destarray);
int _bupc_allv_permute_int(int value, int tothreadid);
int _bupc_allv_reduce_int(int value, int rootthread, upc_op_t op);
int _bupc_allv_reduce_all_int(int value, upc_op_t op);
int _bupc_allv_prefix_reduce_int(int value, upc_op_t op);
long _bupc_allv_broadcast_long(long value, int rootthread);
long _bupc_allv_scatter_long(const long *rootsrcarray, int rootthread);
long *_bupc_allv_gather_long(long value, int rootthread, long *rootdestarray);
long *_bupc_allv_gather_all_long(long value, long *destarray);
long _bupc_allv_permute_long(long value, int tothreadid);
long _bupc_allv_reduce_long(long value, int rootthread, upc_op_t op);
long _bupc_allv_reduce_all_long(long value, upc_op_t op);
long _bupc_allv_prefix_reduce_long(long value, upc_op_t op);
unsigned _bupc_allv_broadcast_unsigned(unsigned value, int rootthread);
unsigned _bupc_allv_scatter_unsigned(const unsigned *rootsrcarray, int rootthread);
unsigned *_bupc_allv_gather_unsigned(unsigned value, int rootthread, unsigned *rootdestarray);
unsigned *_bupc_allv_gather_all_unsigned(unsigned value, unsigned *destarray);
unsigned _bupc_allv_permute_unsigned(unsigned value, int tothreadid);
unsigned _bupc_allv_reduce_unsigned(unsigned value, int rootthread, upc_op_t op);
unsigned _bupc_allv_reduce_all_unsigned(unsigned value, upc_op_t op);
unsigned _bupc_allv_prefix_reduce_unsigned(unsigned value, upc_op_t op);
float _bupc_allv_broadcast_float(float value, int rootthread);
float _bupc_allv_scatter_float(const float *rootsrcarray, int rootthread);
float *_bupc_allv_gather_float(float value, int rootthread, float *rootdestarray);
float *_bupc_allv_gather_all_float(float value, float *destarray);
float _bupc_allv_permute_float(float value, int tothreadid);
float _bupc_allv_reduce_float(float value, int rootthread, upc_op_t op);
float _bupc_allv_reduce_all_float(float value, upc_op_t op);
float _bupc_allv_prefix_reduce_float(float value, upc_op_t op);
double _bupc_allv_broadcast_double(double value, int rootthread);
double _bupc_allv_scatter_double(const double *rootsrcarray, int rootthread);
double *_bupc_allv_gather_double(double value, int rootthread, double *rootdestarray);
double *_bupc_allv_gather_all_double(double value, double *destarray);
double _bupc_allv_permute_double(double value, int tothreadid);
double _bupc_allv_reduce_double(double value, int rootthread, upc_op_t op);
double _bupc_allv_reduce_all_double(double value, upc_op_t op);
double _bupc_allv_prefix_reduce_double(double value, upc_op_t op);
int8_t _bupc_allv_broadcast_int8_t(int8_t value, int rootthread);
int8_t _bupc_allv_scatter_int8_t(const int8_t *rootsrcarray, int rootthread);
int8_t *_bupc_allv_gather_int8_t(int8_t value, int rootthread, int8_t *rootdestarray);
int8_t *_bupc_allv_gather_all_int8_t(int8_t value, int8_t *destarray);
int8_t _bupc_allv_permute_int8_t(int8_t value, int tothreadid);
int8_t _bupc_allv_reduce_int8_t(int8_t value, int rootthread, upc_op_t op);
int8_t _bupc_allv_reduce_all_int8_t(int8_t value, upc_op_t op);
int8_t _bupc_allv_prefix_reduce_int8_t(int8_t value, upc_op_t op);
uint8_t _bupc_allv_broadcast_uint8_t(uint8_t value, int rootthread);
uint8_t _bupc_allv_scatter_uint8_t(const uint8_t *rootsrcarray, int rootthread);
uint8_t *_bupc_allv_gather_uint8_t(uint8_t value, int rootthread, uint8_t *rootdestarray);
uint8_t *_bupc_allv_gather_all_uint8_t(uint8_t value, uint8_t *destarray);
uint8_t _bupc_allv_permute_uint8_t(uint8_t value, int tothreadid);
uint8_t _bupc_allv_reduce_uint8_t(uint8_t value, int rootthread, upc_op_t op);
uint8_t _bupc_allv_reduce_all_uint8_t(uint8_t value, upc_op_t op);
uint8_t _bupc_allv_prefix_reduce_uint8_t(uint8_t value, upc_op_t op);
int16_t _bupc_allv_broadcast_int16_t(int16_t value, int rootthread);
int16_t _bupc_allv_scatter_int16_t(const int16_t *rootsrcarray, int rootthread);
int16_t *_bupc_allv_gather_int16_t(int16_t value, int rootthread, int16_t *rootdestarray);
int16_t *_bupc_allv_gather_all_int16_t(int16_t value, int16_t *destarray);
int16_t _bupc_allv_permute_int16_t(int16_t value, int tothreadid);
int16_t _bupc_allv_reduce_int16_t(int16_t value, int rootthread, upc_op_t op);
int16_t _bupc_allv_reduce_all_int16_t(int16_t value, upc_op_t op);
int16_t _bupc_allv_prefix_reduce_int16_t(int16_t value, upc_op_t op);
uint16_t _bupc_allv_broadcast_uint16_t(uint16_t value, int rootthread);
uint16_t _bupc_allv_scatter_uint16_t(const uint16_t *rootsrcarray, int rootthread);
uint16_t *_bupc_allv_gather_uint16_t(uint16_t value, int rootthread, uint16_t *rootdestarray);
uint16_t *_bupc_allv_gather_all_uint16_t(uint16_t value, uint16_t *destarray);
uint16_t _bupc_allv_permute_uint16_t(uint16_t value, int tothreadid);
uint16_t _bupc_allv_reduce_uint16_t(uint16_t value, int rootthread, upc_op_t op);
uint16_t _bupc_allv_reduce_all_uint16_t(uint16_t value, upc_op_t op);
uint16_t _bupc_allv_prefix_reduce_uint16_t(uint16_t value, upc_op_t op);
int32_t _bupc_allv_broadcast_int32_t(int32_t value, int rootthread);
int32_t _bupc_allv_scatter_int32_t(const int32_t *rootsrcarray, int rootthread);
int32_t *_bupc_allv_gather_int32_t(int32_t value, int rootthread, int32_t *rootdestarray);
int32_t *_bupc_allv_gather_all_int32_t(int32_t value, int32_t *destarray);
int32_t _bupc_allv_permute_int32_t(int32_t value, int tothreadid);
int32_t _bupc_allv_reduce_int32_t(int32_t value, int rootthread, upc_op_t op);
int32_t _bupc_allv_reduce_all_int32_t(int32_t value, upc_op_t op);
int32_t _bupc_allv_prefix_reduce_int32_t(int32_t value, upc_op_t op);
uint32_t _bupc_allv_broadcast_uint32_t(uint32_t value, int rootthread);
uint32_t _bupc_allv_scatter_uint32_t(const uint32_t *rootsrcarray, int rootthread);
uint32_t *_bupc_allv_gather_uint32_t(uint32_t value, int rootthread, uint32_t *rootdestarray);
uint32_t *_bupc_allv_gather_all_uint32_t(uint32_t value, uint32_t *destarray);
uint32_t _bupc_allv_permute_uint32_t(uint32_t value, int tothreadid);
uint32_t _bupc_allv_reduce_uint32_t(uint32_t value, int rootthread, upc_op_t op);
uint32_t _bupc_allv_reduce_all_uint32_t(uint32_t value, upc_op_t op);
uint32_t _bupc_allv_prefix_reduce_uint32_t(uint32_t value, upc_op_t op);
int64_t _bupc_allv_broadcast_int64_t(int64_t value, int rootthread);
int64_t _bupc_allv_scatter_int64_t(const int64_t *rootsrcarray, int rootthread);
int64_t *_bupc_allv_gather_int64_t(int64_t value, int rootthread, int64_t *rootdestarray);
int64_t *_bupc_allv_gather_all_int64_t(int64_t value, int64_t *destarray);
int64_t _bupc_allv_permute_int64_t(int64_t value, int tothreadid);
int64_t _bupc_allv_reduce_int64_t(int64_t value, int rootthread, upc_op_t op);
int64_t _bupc_allv_reduce_all_int64_t(int64_t value, upc_op_t op);
int64_t _bupc_allv_prefix_reduce_int64_t(int64_t value, upc_op_t op);
uint64_t _bupc_allv_broadcast_uint64_t(uint64_t value, int rootthread);
uint64_t _bupc_allv_scatter_uint64_t(const uint64_t *rootsrcarray, int rootthread);
uint64_t *_bupc_allv_gather_uint64_t(uint64_t value, int rootthread, uint64_t *rootdestarray);
uint64_t *_bupc_allv_gather_all_uint64_t(uint64_t value, uint64_t *destarray);
uint64_t _bupc_allv_permute_uint64_t(uint64_t value, int tothreadid);
uint64_t _bupc_allv_reduce_uint64_t(uint64_t value, int rootthread, upc_op_t op);
uint64_t _bupc_allv_reduce_all_uint64_t(uint64_t value, upc_op_t op);
uint64_t _bupc_allv_prefix_reduce_uint64_t(uint64_t value, upc_op_t op);
size_t _bupc_allv_broadcast_size_t(size_t value, int rootthread);
size_t _bupc_allv_scatter_size_t(const size_t *rootsrcarray, int rootthread);
size_t *_bupc_allv_gather_size_t(size_t value, int rootthread, size_t *rootdestarray);
size_t *_bupc_allv_gather_all_size_t(size_t value, size_t *destarray);
size_t _bupc_allv_permute_size_t(size_t value, int tothreadid);
size_t _bupc_allv_reduce_size_t(size_t value, int rootthread, upc_op_t op);
size_t _bupc_allv_reduce_all_size_t(size_t value, upc_op_t op);
size_t _bupc_allv_prefix_reduce_size_t(size_t value, upc_op_t op);

/* Fixed-type atomics on shared memory: bupc_atomicT_OP_{strict,relaxed}
   for T in I (int), UI, L (long), UL, I32, U32, I64, U64. */
int bupc_atomicI_read_strict(shared void *ptr);
void bupc_atomicI_set_strict(shared void *ptr, int val);
int bupc_atomicI_swap_strict(shared void *ptr, int val);
int bupc_atomicI_mswap_strict(shared void *ptr, int mask, int val);
int bupc_atomicI_cswap_strict(shared void *ptr, int oldval, int newval);
int bupc_atomicI_fetchadd_strict(shared void *ptr, int op);
int bupc_atomicI_fetchand_strict(shared void *ptr, int op);
int bupc_atomicI_fetchor_strict(shared void *ptr, int op);
int bupc_atomicI_fetchxor_strict(shared void *ptr, int op);
int bupc_atomicI_fetchnot_strict(shared void *ptr);
int bupc_atomicI_read_relaxed(shared void *ptr);
void bupc_atomicI_set_relaxed(shared void *ptr, int val);
int bupc_atomicI_swap_relaxed(shared void *ptr, int val);
int bupc_atomicI_mswap_relaxed(shared void *ptr, int mask, int val);
int bupc_atomicI_cswap_relaxed(shared void *ptr, int oldval, int newval);
int bupc_atomicI_fetchadd_relaxed(shared void *ptr, int op);
int bupc_atomicI_fetchand_relaxed(shared void *ptr, int op);
int bupc_atomicI_fetchor_relaxed(shared void *ptr, int op);
int bupc_atomicI_fetchxor_relaxed(shared void *ptr, int op);
int bupc_atomicI_fetchnot_relaxed(shared void *ptr);
unsigned int bupc_atomicUI_read_strict(shared void *ptr);
void bupc_atomicUI_set_strict(shared void *ptr, unsigned int val);
unsigned int bupc_atomicUI_swap_strict(shared void *ptr, unsigned int val);
unsigned int bupc_atomicUI_mswap_strict(shared void *ptr, unsigned int mask, unsigned int val);
unsigned int bupc_atomicUI_cswap_strict(shared void *ptr, unsigned int oldval, unsigned int newval);
unsigned int bupc_atomicUI_fetchadd_strict(shared void *ptr, unsigned int op);
unsigned int bupc_atomicUI_fetchand_strict(shared void *ptr, unsigned int op);
unsigned int bupc_atomicUI_fetchor_strict(shared void *ptr, unsigned int op);
unsigned int bupc_atomicUI_fetchxor_strict(shared void *ptr, unsigned int op);
unsigned int bupc_atomicUI_fetchnot_strict(shared void *ptr);
unsigned int bupc_atomicUI_read_relaxed(shared void *ptr);
void bupc_atomicUI_set_relaxed(shared void *ptr, unsigned int val);
unsigned int bupc_atomicUI_swap_relaxed(shared void *ptr, unsigned int val);
unsigned int bupc_atomicUI_mswap_relaxed(shared void *ptr, unsigned int mask, unsigned int val);
unsigned int bupc_atomicUI_cswap_relaxed(shared void *ptr, unsigned int oldval, unsigned int newval);
unsigned int bupc_atomicUI_fetchadd_relaxed(shared void *ptr, unsigned int op);
unsigned int bupc_atomicUI_fetchand_relaxed(shared void *ptr, unsigned int op);
unsigned int bupc_atomicUI_fetchor_relaxed(shared void *ptr, unsigned int op);
unsigned int bupc_atomicUI_fetchxor_relaxed(shared void *ptr, unsigned int op);
unsigned int bupc_atomicUI_fetchnot_relaxed(shared void *ptr);
long bupc_atomicL_read_strict(shared void *ptr);
void bupc_atomicL_set_strict(shared void *ptr, long val);
long bupc_atomicL_swap_strict(shared void *ptr, long val);
long bupc_atomicL_mswap_strict(shared void *ptr, long mask, long val);
long bupc_atomicL_cswap_strict(shared void *ptr, long oldval, long newval);
long bupc_atomicL_fetchadd_strict(shared void *ptr, long op);
long bupc_atomicL_fetchand_strict(shared void *ptr, long op);
long bupc_atomicL_fetchor_strict(shared void *ptr, long op);
long bupc_atomicL_fetchxor_strict(shared void *ptr, long op);
long bupc_atomicL_fetchnot_strict(shared void *ptr);
long bupc_atomicL_read_relaxed(shared void *ptr);
void bupc_atomicL_set_relaxed(shared void *ptr, long val);
long bupc_atomicL_swap_relaxed(shared void *ptr, long val);
long bupc_atomicL_mswap_relaxed(shared void *ptr, long mask, long val);
long bupc_atomicL_cswap_relaxed(shared void *ptr, long oldval, long newval);
long bupc_atomicL_fetchadd_relaxed(shared void *ptr, long op);
long bupc_atomicL_fetchand_relaxed(shared void *ptr, long op);
long bupc_atomicL_fetchor_relaxed(shared void *ptr, long op);
long bupc_atomicL_fetchxor_relaxed(shared void *ptr, long op);
long bupc_atomicL_fetchnot_relaxed(shared void *ptr);
unsigned long bupc_atomicUL_read_strict(shared void *ptr);
void bupc_atomicUL_set_strict(shared void *ptr, unsigned long val);
unsigned long bupc_atomicUL_swap_strict(shared void *ptr, unsigned long val);
unsigned long bupc_atomicUL_mswap_strict(shared void *ptr, unsigned long mask, unsigned long val);
unsigned long bupc_atomicUL_cswap_strict(shared void *ptr, unsigned long oldval, unsigned long newval);
unsigned long bupc_atomicUL_fetchadd_strict(shared void *ptr, unsigned long op);
unsigned long bupc_atomicUL_fetchand_strict(shared void *ptr, unsigned long op);
unsigned long bupc_atomicUL_fetchor_strict(shared void *ptr, unsigned long op);
unsigned long bupc_atomicUL_fetchxor_strict(shared void *ptr, unsigned long op);
unsigned long bupc_atomicUL_fetchnot_strict(shared void *ptr);
unsigned long bupc_atomicUL_read_relaxed(shared void *ptr);
void bupc_atomicUL_set_relaxed(shared void *ptr, unsigned long val);
unsigned long bupc_atomicUL_swap_relaxed(shared void *ptr, unsigned long val);
unsigned long bupc_atomicUL_mswap_relaxed(shared void *ptr, unsigned long mask, unsigned long val);
unsigned long bupc_atomicUL_cswap_relaxed(shared void *ptr, unsigned long oldval, unsigned long newval);
unsigned long bupc_atomicUL_fetchadd_relaxed(shared void *ptr, unsigned long op);
unsigned long bupc_atomicUL_fetchand_relaxed(shared void *ptr, unsigned long op);
unsigned long bupc_atomicUL_fetchor_relaxed(shared void *ptr, unsigned long op);
unsigned long bupc_atomicUL_fetchxor_relaxed(shared void *ptr, unsigned long op);
unsigned long bupc_atomicUL_fetchnot_relaxed(shared void *ptr);
int32_t bupc_atomicI32_read_strict(shared void *ptr);
void bupc_atomicI32_set_strict(shared void *ptr, int32_t val);
int32_t bupc_atomicI32_swap_strict(shared void *ptr, int32_t val);
int32_t bupc_atomicI32_mswap_strict(shared void *ptr, int32_t mask, int32_t val);
int32_t bupc_atomicI32_cswap_strict(shared void *ptr, int32_t oldval, int32_t newval);
int32_t bupc_atomicI32_fetchadd_strict(shared void *ptr, int32_t op);
int32_t bupc_atomicI32_fetchand_strict(shared void *ptr, int32_t op);
int32_t bupc_atomicI32_fetchor_strict(shared void *ptr, int32_t op);
int32_t bupc_atomicI32_fetchxor_strict(shared void *ptr, int32_t op);
int32_t bupc_atomicI32_fetchnot_strict(shared void *ptr);
int32_t bupc_atomicI32_read_relaxed(shared void *ptr);
void bupc_atomicI32_set_relaxed(shared void *ptr, int32_t val);
int32_t bupc_atomicI32_swap_relaxed(shared void *ptr, int32_t val);
int32_t bupc_atomicI32_mswap_relaxed(shared void *ptr, int32_t mask, int32_t val);
int32_t bupc_atomicI32_cswap_relaxed(shared void *ptr, int32_t oldval, int32_t newval);
int32_t bupc_atomicI32_fetchadd_relaxed(shared void *ptr, int32_t op);
int32_t bupc_atomicI32_fetchand_relaxed(shared void *ptr, int32_t op);
int32_t bupc_atomicI32_fetchor_relaxed(shared void *ptr, int32_t op);
int32_t bupc_atomicI32_fetchxor_relaxed(shared void *ptr, int32_t op);
int32_t bupc_atomicI32_fetchnot_relaxed(shared void *ptr);
uint32_t bupc_atomicU32_read_strict(shared void *ptr);
void bupc_atomicU32_set_strict(shared void *ptr, uint32_t val);
uint32_t bupc_atomicU32_swap_strict(shared void *ptr, uint32_t val);
uint32_t bupc_atomicU32_mswap_strict(shared void *ptr, uint32_t mask, uint32_t val);
uint32_t bupc_atomicU32_cswap_strict(shared void *ptr, uint32_t oldval, uint32_t newval);
uint32_t bupc_atomicU32_fetchadd_strict(shared void *ptr, uint32_t op);
uint32_t bupc_atomicU32_fetchand_strict(shared void *ptr, uint32_t op);
uint32_t bupc_atomicU32_fetchor_strict(shared void *ptr, uint32_t op);
uint32_t bupc_atomicU32_fetchxor_strict(shared void *ptr, uint32_t op);
uint32_t bupc_atomicU32_fetchnot_strict(shared void *ptr);
uint32_t bupc_atomicU32_read_relaxed(shared void *ptr);
void bupc_atomicU32_set_relaxed(shared void *ptr, uint32_t val);
uint32_t bupc_atomicU32_swap_relaxed(shared void *ptr, uint32_t val);
uint32_t bupc_atomicU32_mswap_relaxed(shared void *ptr, uint32_t mask, uint32_t val);
uint32_t bupc_atomicU32_cswap_relaxed(shared void *ptr, uint32_t oldval, uint32_t newval);
uint32_t bupc_atomicU32_fetchadd_relaxed(shared void *ptr, uint32_t op);
uint32_t bupc_atomicU32_fetchand_relaxed(shared void *ptr, uint32_t op);
uint32_t bupc_atomicU32_fetchor_relaxed(shared void *ptr, uint32_t op);
uint32_t bupc_atomicU32_fetchxor_relaxed(shared void *ptr, uint32_t op);
uint32_t bupc_atomicU32_fetchnot_relaxed(shared void *ptr);
int64_t bupc_atomicI64_read_strict(shared void *ptr);
void bupc_atomicI64_set_strict(shared void *ptr, int64_t val);
int64_t bupc_atomicI64_swap_strict(shared void *ptr, int64_t val);
int64_t bupc_atomicI64_mswap_strict(shared void *ptr, int64_t mask, int64_t val);
int64_t bupc_atomicI64_cswap_strict(shared void *ptr, int64_t oldval, int64_t newval);
int64_t bupc_atomicI64_fetchadd_strict(shared void *ptr, int64_t op);
int64_t bupc_atomicI64_fetchand_strict(shared void *ptr, int64_t op);
int64_t bupc_atomicI64_fetchor_strict(shared void *ptr, int64_t op);
int64_t bupc_atomicI64_fetchxor_strict(shared void *ptr, int64_t op);
int64_t bupc_atomicI64_fetchnot_strict(shared void *ptr);
int64_t bupc_atomicI64_read_relaxed(shared void *ptr);
void bupc_atomicI64_set_relaxed(shared void *ptr, int64_t val);
int64_t bupc_atomicI64_swap_relaxed(shared void *ptr, int64_t val);
int64_t bupc_atomicI64_mswap_relaxed(shared void *ptr, int64_t mask, int64_t val);
int64_t bupc_atomicI64_cswap_relaxed(shared void *ptr, int64_t oldval, int64_t newval);
int64_t bupc_atomicI64_fetchadd_relaxed(shared void *ptr, int64_t op);
int64_t bupc_atomicI64_fetchand_relaxed(shared void *ptr, int64_t op);
int64_t bupc_atomicI64_fetchor_relaxed(shared void *ptr, int64_t op);
int64_t bupc_atomicI64_fetchxor_relaxed(shared void *ptr, int64_t op);
int64_t bupc_atomicI64_fetchnot_relaxed(shared void *ptr);
uint64_t bupc_atomicU64_read_strict(shared void *ptr);
void bupc_atomicU64_set_strict(shared void *ptr, uint64_t val);
uint64_t bupc_atomicU64_swap_strict(shared void *ptr, uint64_t val);
uint64_t bupc_atomicU64_mswap_strict(shared void *ptr, uint64_t mask, uint64_t val);
uint64_t bupc_atomicU64_cswap_strict(shared void *ptr, uint64_t oldval, uint64_t newval);
uint64_t bupc_atomicU64_fetchadd_strict(shared void *ptr, uint64_t op);
uint64_t bupc_atomicU64_fetchand_strict(shared void *ptr, uint64_t op);
uint64_t bupc_atomicU64_fetchor_strict(shared void *ptr, uint64_t op);
uint64_t bupc_atomicU64_fetchxor_strict(shared void *ptr, uint64_t op);
uint64_t bupc_atomicU64_fetchnot_strict(shared void *ptr);
uint64_t bupc_atomicU64_read_relaxed(shared void *ptr);
void bupc_atomicU64_set_relaxed(shared void *ptr, uint64_t val);
uint64_t bupc_atomicU64_swap_relaxed(shared void *ptr, uint64_t val);
uint64_t bupc_atomicU64_mswap_relaxed(shared void *ptr, uint64_t mask, uint64_t val);
uint64_t bupc_atomicU64_cswap_relaxed(shared void *ptr, uint64_t oldval, uint64_t newval);
uint64_t bupc_atomicU64_fetchadd_relaxed(shared void *ptr, uint64_t op);
uint64_t bupc_atomicU64_fetchand_relaxed(shared void *ptr, uint64_t op);
uint64_t bupc_atomicU64_fetchor_relaxed(shared void *ptr, uint64_t op);
uint64_t bupc_atomicU64_fetchxor_relaxed(shared void *ptr, uint64_t op);
uint64_t bupc_atomicU64_fetchnot_relaxed(shared void *ptr);

#endif /* _UPCLINT_BUPC_EXTENSIONS_H */
