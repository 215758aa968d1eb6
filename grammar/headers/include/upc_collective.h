/* <upc_collective.h>: UPC collective utilities (UPC 1.3 Required Library,
   section 7.3). All functions are collective, with single-valued arguments.
   upc_op_t, upc_flag_t and their values come from <upc_types.h>. */
#ifndef _UPCLINT_UPC_COLLECTIVE_H
#define _UPCLINT_UPC_COLLECTIVE_H

#include <upc.h>
#include <upc_types.h>

/* Relocalization. */
void upc_all_broadcast(shared void * restrict dst, shared const void * restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_scatter(shared void * restrict dst, shared const void * restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_gather(shared void * restrict dst, shared const void * restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_gather_all(shared void * restrict dst, shared const void * restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_exchange(shared void * restrict dst, shared const void * restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_permute(shared void * restrict dst, shared const void * restrict src, shared const int * restrict perm, size_t nbytes, upc_flag_t flags);

/* Computation: upc_all_reduceT and upc_all_prefix_reduceT for each
   element type T. */
void upc_all_reduceC(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed char (*func)(signed char, signed char), upc_flag_t flags);
void upc_all_reduceUC(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned char (*func)(unsigned char, unsigned char), upc_flag_t flags);
void upc_all_reduceS(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed short (*func)(signed short, signed short), upc_flag_t flags);
void upc_all_reduceUS(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned short (*func)(unsigned short, unsigned short), upc_flag_t flags);
void upc_all_reduceI(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed int (*func)(signed int, signed int), upc_flag_t flags);
void upc_all_reduceUI(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned int (*func)(unsigned int, unsigned int), upc_flag_t flags);
void upc_all_reduceL(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed long (*func)(signed long, signed long), upc_flag_t flags);
void upc_all_reduceUL(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned long (*func)(unsigned long, unsigned long), upc_flag_t flags);
void upc_all_reduceF(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, float (*func)(float, float), upc_flag_t flags);
void upc_all_reduceD(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, double (*func)(double, double), upc_flag_t flags);
void upc_all_reduceLD(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, long double (*func)(long double, long double), upc_flag_t flags);

void upc_all_prefix_reduceC(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed char (*func)(signed char, signed char), upc_flag_t flags);
void upc_all_prefix_reduceUC(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned char (*func)(unsigned char, unsigned char), upc_flag_t flags);
void upc_all_prefix_reduceS(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed short (*func)(signed short, signed short), upc_flag_t flags);
void upc_all_prefix_reduceUS(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned short (*func)(unsigned short, unsigned short), upc_flag_t flags);
void upc_all_prefix_reduceI(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed int (*func)(signed int, signed int), upc_flag_t flags);
void upc_all_prefix_reduceUI(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned int (*func)(unsigned int, unsigned int), upc_flag_t flags);
void upc_all_prefix_reduceL(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, signed long (*func)(signed long, signed long), upc_flag_t flags);
void upc_all_prefix_reduceUL(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, unsigned long (*func)(unsigned long, unsigned long), upc_flag_t flags);
void upc_all_prefix_reduceF(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, float (*func)(float, float), upc_flag_t flags);
void upc_all_prefix_reduceD(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, double (*func)(double, double), upc_flag_t flags);
void upc_all_prefix_reduceLD(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, long double (*func)(long double, long double), upc_flag_t flags);

/* Berkeley UPC extension: bupc_all_reduce_allT, a reduction whose result
   reaches every thread (collective), with the arguments of
   upc_all_reduceT. */
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

#endif /* _UPCLINT_UPC_COLLECTIVE_H */
