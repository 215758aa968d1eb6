/* <upc_types.h>: the UPC standard types (UPC 1.3): upc_op_t, upc_type_t and
   upc_flag_t with their value macros. The values are the ones upclint's
   runtime uses; they must stay in step with it. */
#ifndef _UPCLINT_UPC_TYPES_H
#define _UPCLINT_UPC_TYPES_H

/* Operations of the reductions (and, with <upc_atomic.h>, of the atomic
   domains). */
typedef int upc_op_t;

#define UPC_ADD ((upc_op_t)0)
#define UPC_MULT ((upc_op_t)1)
#define UPC_AND ((upc_op_t)2)
#define UPC_OR ((upc_op_t)3)
#define UPC_XOR ((upc_op_t)4)
#define UPC_LOGAND ((upc_op_t)5)
#define UPC_LOGOR ((upc_op_t)6)
#define UPC_MIN ((upc_op_t)7)
#define UPC_MAX ((upc_op_t)8)
#define UPC_FUNC ((upc_op_t)9)
#define UPC_NONCOMM_FUNC ((upc_op_t)10)

/* Element types of the atomic domains. */
typedef int upc_type_t;

#define UPC_CHAR ((upc_type_t)1)
#define UPC_UCHAR ((upc_type_t)2)
#define UPC_SHORT ((upc_type_t)3)
#define UPC_USHORT ((upc_type_t)4)
#define UPC_INT ((upc_type_t)5)
#define UPC_UINT ((upc_type_t)6)
#define UPC_LONG ((upc_type_t)7)
#define UPC_ULONG ((upc_type_t)8)
#define UPC_LLONG ((upc_type_t)9)
#define UPC_ULLONG ((upc_type_t)10)
#define UPC_INT8 ((upc_type_t)11)
#define UPC_UINT8 ((upc_type_t)12)
#define UPC_INT16 ((upc_type_t)13)
#define UPC_UINT16 ((upc_type_t)14)
#define UPC_INT32 ((upc_type_t)15)
#define UPC_UINT32 ((upc_type_t)16)
#define UPC_INT64 ((upc_type_t)17)
#define UPC_UINT64 ((upc_type_t)18)
#define UPC_FLOAT ((upc_type_t)19)
#define UPC_DOUBLE ((upc_type_t)20)
#define UPC_LDOUBLE ((upc_type_t)21)
#define UPC_PTS ((upc_type_t)22)

/* Synchronization flags of the collectives and of UPC-IO: one UPC_IN_* and
   one UPC_OUT_* value combined with |; 0 means UPC_IN_ALLSYNC |
   UPC_OUT_ALLSYNC. */
typedef int upc_flag_t;

#define UPC_IN_ALLSYNC 0
#define UPC_IN_MYSYNC 1
#define UPC_IN_NOSYNC 2
#define UPC_OUT_ALLSYNC 0
#define UPC_OUT_MYSYNC 4
#define UPC_OUT_NOSYNC 8

#endif /* _UPCLINT_UPC_TYPES_H */
