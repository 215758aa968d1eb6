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
   element type T, and the Berkeley UPC extension bupc_all_reduce_allT, a
   reduction whose result reaches every thread (collective), with the
   arguments of upc_all_reduceT. The three differ only in name, so one macro
   declares them for each T. */
#define _UPCLINT_REDUCE_DECLS(T, E) \
void upc_all_reduce##T(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, E (*func)(E, E), upc_flag_t flags); \
void upc_all_prefix_reduce##T(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, E (*func)(E, E), upc_flag_t flags); \
void bupc_all_reduce_all##T(shared void * restrict dst, shared const void * restrict src, upc_op_t op, size_t nelems, size_t blk_size, E (*func)(E, E), upc_flag_t flags);
_UPCLINT_REDUCE_DECLS(C, signed char)
_UPCLINT_REDUCE_DECLS(UC, unsigned char)
_UPCLINT_REDUCE_DECLS(S, signed short)
_UPCLINT_REDUCE_DECLS(US, unsigned short)
_UPCLINT_REDUCE_DECLS(I, signed int)
_UPCLINT_REDUCE_DECLS(UI, unsigned int)
_UPCLINT_REDUCE_DECLS(L, signed long)
_UPCLINT_REDUCE_DECLS(UL, unsigned long)
_UPCLINT_REDUCE_DECLS(F, float)
_UPCLINT_REDUCE_DECLS(D, double)
_UPCLINT_REDUCE_DECLS(LD, long double)
#undef _UPCLINT_REDUCE_DECLS

#endif /* _UPCLINT_UPC_COLLECTIVE_H */
