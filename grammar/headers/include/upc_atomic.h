/* <upc_atomic.h>: atomic memory operations (UPC 1.3 Optional Library).
   The operations reuse the upc_op_t values of <upc_types.h> (UPC_AND,
   UPC_OR, UPC_XOR, UPC_ADD, UPC_MULT, UPC_MIN, UPC_MAX) and add the accessor
   and numeric operations below, with values distinct from all of them.
   Allocating and freeing a domain is collective.
   The specification lets the ops argument of upc_all_atomicdomain_alloc
   combine operations with |, which needs one bit per operation; the
   upc_op_t values shared with the runtime are small consecutive integers
   (UPC_ADD is 0), so such a combination cannot be decoded. */
#ifndef _UPCLINT_UPC_ATOMIC_H
#define _UPCLINT_UPC_ATOMIC_H

#include <upc.h>
#include <upc_types.h>

#define UPC_SUB 11
#define UPC_INC 12
#define UPC_DEC 13
#define UPC_GET 14
#define UPC_SET 15
#define UPC_CSWAP 16

/* An atomicity domain is an opaque shared incomplete type. */
typedef shared struct upc_atomicdomain_struct upc_atomicdomain_t;

typedef int upc_atomichint_t;

#define UPC_ATOMIC_HINT_DEFAULT 0
#define UPC_ATOMIC_HINT_LATENCY 1
#define UPC_ATOMIC_HINT_THROUGHPUT 2

upc_atomicdomain_t *upc_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops, upc_atomichint_t hints);
void upc_all_atomicdomain_free(upc_atomicdomain_t *ptr);

void upc_atomic_strict(upc_atomicdomain_t *domain, void * restrict fetch_ptr, upc_op_t op, shared void * restrict target, const void * restrict operand1, const void * restrict operand2);
void upc_atomic_relaxed(upc_atomicdomain_t *domain, void * restrict fetch_ptr, upc_op_t op, shared void * restrict target, const void * restrict operand1, const void * restrict operand2);

int upc_atomic_isfast(upc_type_t type, upc_op_t ops, shared void *addr);

#endif /* _UPCLINT_UPC_ATOMIC_H */
