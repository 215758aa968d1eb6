/* <upc_atomic.h>: atomic memory operations (UPC 1.3 Optional Library).
   The operations reuse the upc_op_t values of <upc_types.h> (UPC_AND,
   UPC_OR, UPC_XOR, UPC_ADD, UPC_MULT, UPC_MIN, UPC_MAX) and add the accessor
   and numeric operations below, with values distinct from all of them.
   Allocating and freeing a domain is collective. */
#ifndef _UPCLINT_UPC_ATOMIC_H
#define _UPCLINT_UPC_ATOMIC_H

#include <upc.h>
#include <upc_types.h>

#define UPC_SUB ((upc_op_t)11)
#define UPC_INC ((upc_op_t)12)
#define UPC_DEC ((upc_op_t)13)
#define UPC_GET ((upc_op_t)14)
#define UPC_SET ((upc_op_t)15)
#define UPC_CSWAP ((upc_op_t)16)

/* An atomicity domain is an opaque shared incomplete type. */
typedef shared struct upc_atomicdomain_struct upc_atomicdomain_t;

typedef int upc_atomichint_t;

#define UPC_ATOMIC_HINT_DEFAULT ((upc_atomichint_t)0)
#define UPC_ATOMIC_HINT_LATENCY ((upc_atomichint_t)1)
#define UPC_ATOMIC_HINT_THROUGHPUT ((upc_atomichint_t)2)

upc_atomicdomain_t *upc_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops, upc_atomichint_t hints);
void upc_all_atomicdomain_free(upc_atomicdomain_t *ptr);

void upc_atomic_strict(upc_atomicdomain_t *domain, void * restrict fetch_ptr, upc_op_t op, shared void * restrict target, const void * restrict operand1, const void * restrict operand2);
void upc_atomic_relaxed(upc_atomicdomain_t *domain, void * restrict fetch_ptr, upc_op_t op, shared void * restrict target, const void * restrict operand1, const void * restrict operand2);

int upc_atomic_isfast(upc_type_t type, upc_op_t ops, shared void *addr);

#endif /* _UPCLINT_UPC_ATOMIC_H */
