/* <upc_types.h>: the UPC standard types (UPC 1.3): upc_op_t, upc_type_t and
   upc_flag_t with their value macros. The values are the ones upclint's
   runtime uses; they must stay in step with it. Each type is int, so the
   macros are plain integer constants of that type, usable in #if. */
#ifndef _UPCLINT_UPC_TYPES_H
#define _UPCLINT_UPC_TYPES_H

/* Operations of the reductions (and, with <upc_atomic.h>, of the atomic
   domains). */
typedef int upc_op_t;

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

/* Element types of the atomic domains. */
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
