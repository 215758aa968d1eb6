/* <bupc_collectivev.h>: the Berkeley UPC all-value collectives
   (bupc_allv_broadcast, bupc_allv_reduce ...). As with Berkeley UPC, they
   are not visible through <upc.h>, and this header also makes
   <upc_collective.h>, <stddef.h>, <string.h> and <stdio.h> visible, with
   the MIN and MAX macros unless the program defines them. */
#ifndef _UPCLINT_BUPC_COLLECTIVEV_H
#define _UPCLINT_BUPC_COLLECTIVEV_H
#include <upc.h>
#include <upc_collective.h>
#include <bupc_extensions.h>
#include <stddef.h>
#include <string.h>
#include <stdio.h>

#ifndef MIN
#define MIN(a, b) (((a) < (b)) ? (a) : (b))
#endif
#ifndef MAX
#define MAX(a, b) (((a) > (b)) ? (a) : (b))
#endif

#define BUPC_COLLECTIVEV_VERSION_MAJOR 1
#define BUPC_COLLECTIVEV_VERSION_MINOR 2

/* All-value collectives (collective): bupc_allv_OP(TYPE, ...). When TYPE
   is one of the single-token types char, short, int, long, unsigned,
   float, double, the <stdint.h> exact-width types and size_t, the macro
   calls the function for that type. Any other type (unsigned int,
   shared char *, struct s ...) goes through the type-generic functions,
   as with Berkeley UPC: the value is then passed by address, so it must be
   an lvalue, and the result is read through a TYPE pointer.
   _BUPC_ALLV_KNOWN(TYPE) is 1 when TYPE is one of the single tokens: the
   paste removes a known first token, and the probe tells whether anything
   is left. */
#define _BUPC_ALLV_EAT_char
#define _BUPC_ALLV_EAT_short
#define _BUPC_ALLV_EAT_int
#define _BUPC_ALLV_EAT_long
#define _BUPC_ALLV_EAT_unsigned
#define _BUPC_ALLV_EAT_float
#define _BUPC_ALLV_EAT_double
#define _BUPC_ALLV_EAT_int8_t
#define _BUPC_ALLV_EAT_uint8_t
#define _BUPC_ALLV_EAT_int16_t
#define _BUPC_ALLV_EAT_uint16_t
#define _BUPC_ALLV_EAT_int32_t
#define _BUPC_ALLV_EAT_uint32_t
#define _BUPC_ALLV_EAT_int64_t
#define _BUPC_ALLV_EAT_uint64_t
#define _BUPC_ALLV_EAT_size_t
#define _BUPC_ALLV_PROBE(...) ~, 1
#define _BUPC_ALLV_SECOND(a, b, ...) b
#define _BUPC_ALLV_SECOND_(...) _BUPC_ALLV_SECOND(__VA_ARGS__)
#define _BUPC_ALLV_EMPTY(...) _BUPC_ALLV_SECOND_(_BUPC_ALLV_PROBE __VA_ARGS__ (), 0, ~)
#define _BUPC_ALLV_KNOWN(TYPE) _BUPC_ALLV_EMPTY(_BUPC_ALLV_EAT_##TYPE)
#define _BUPC_ALLV_CAT_(a, b) a##b
#define _BUPC_ALLV_CAT(a, b) _BUPC_ALLV_CAT_(a, b)
#define _BUPC_ALLV_IF_1(typed, generic) typed
#define _BUPC_ALLV_IF_0(typed, generic) generic
#define _BUPC_ALLV_IF(TYPE) _BUPC_ALLV_CAT(_BUPC_ALLV_IF_, _BUPC_ALLV_KNOWN(TYPE))

#define bupc_allv_broadcast(TYPE, value, rootthread) _BUPC_ALLV_IF(TYPE)( \
	_bupc_allv_broadcast_##TYPE((value), (rootthread)), \
	(*(TYPE *)_bupc_allv_broadcast(&(value), sizeof(TYPE), (rootthread))))
#define bupc_allv_scatter(TYPE, rootthread, rootsrcarray) _BUPC_ALLV_IF(TYPE)( \
	_bupc_allv_scatter_##TYPE((rootsrcarray), (rootthread)), \
	(*(TYPE *)_bupc_allv_scatter(sizeof(TYPE), (rootthread), (rootsrcarray))))
#define bupc_allv_gather(TYPE, value, rootthread, rootdestarray) _BUPC_ALLV_IF(TYPE)( \
	_bupc_allv_gather_##TYPE((value), (rootthread), (rootdestarray)), \
	((TYPE *)_bupc_allv_gather(&(value), sizeof(TYPE), (rootthread), (rootdestarray))))
#define bupc_allv_gather_all(TYPE, value, destarray) _BUPC_ALLV_IF(TYPE)( \
	_bupc_allv_gather_all_##TYPE((value), (destarray)), \
	((TYPE *)_bupc_allv_gather_all(&(value), sizeof(TYPE), (destarray))))
#define bupc_allv_permute(TYPE, value, tothreadid) _BUPC_ALLV_IF(TYPE)( \
	_bupc_allv_permute_##TYPE((value), (tothreadid)), \
	(*(TYPE *)_bupc_allv_permute(&(value), sizeof(TYPE), (tothreadid))))
#define bupc_allv_reduce(TYPE, value, rootthread, op) _BUPC_ALLV_IF(TYPE)( \
	_bupc_allv_reduce_##TYPE((value), (rootthread), (op)), \
	(*(TYPE *)_bupc_allv_reduce(&(value), sizeof(TYPE), (rootthread), (op))))
#define bupc_allv_reduce_all(TYPE, value, op) _BUPC_ALLV_IF(TYPE)( \
	_bupc_allv_reduce_all_##TYPE((value), (op)), \
	(*(TYPE *)_bupc_allv_reduce_all(&(value), sizeof(TYPE), (op))))
#define bupc_allv_prefix_reduce(TYPE, value, op) _BUPC_ALLV_IF(TYPE)( \
	_bupc_allv_prefix_reduce_##TYPE((value), (op)), \
	(*(TYPE *)_bupc_allv_prefix_reduce(&(value), sizeof(TYPE), (op))))

void *_bupc_allv_broadcast(void *value, size_t size, int rootthread);
void *_bupc_allv_scatter(size_t size, int rootthread, const void *rootsrcarray);
void *_bupc_allv_gather(void *value, size_t size, int rootthread, void *rootdestarray);
void *_bupc_allv_gather_all(void *value, size_t size, void *destarray);
void *_bupc_allv_permute(void *value, size_t size, int tothreadid);
void *_bupc_allv_reduce(void *value, size_t size, int rootthread, upc_op_t op);
void *_bupc_allv_reduce_all(void *value, size_t size, upc_op_t op);
void *_bupc_allv_prefix_reduce(void *value, size_t size, upc_op_t op);

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

/* The upc_ names under BUPC_USE_UPC_NAMESPACE, as with Berkeley UPC. */
#ifdef BUPC_USE_UPC_NAMESPACE
#define upc_allv_broadcast bupc_allv_broadcast
#define upc_allv_scatter bupc_allv_scatter
#define upc_allv_gather bupc_allv_gather
#define upc_allv_gather_all bupc_allv_gather_all
#define upc_allv_permute bupc_allv_permute
#define upc_allv_reduce bupc_allv_reduce
#define upc_allv_reduce_all bupc_allv_reduce_all
#define upc_allv_prefix_reduce bupc_allv_prefix_reduce
#endif

#endif /* _UPCLINT_BUPC_COLLECTIVEV_H */
