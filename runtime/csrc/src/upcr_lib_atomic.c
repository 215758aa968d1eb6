/*
 * upcr_lib_atomic.c - <upc_atomic.h>: atomicity domains and atomic memory
 * operations (UPC 1.3 optional library).
 *
 * Every thread maps the whole shared segment, so an atomic operation is a
 * GCC __atomic builtin on the target's address: lock-free for the integer
 * types, float and double (a compare-and-swap loop on the bit pattern for
 * the floating types, MULT, MIN and MAX).  long double and pointer-to-
 * shared targets (16 bytes) are updated under a spin lock that lives in the
 * domain object, which gives exactly the atomicity the specification asks
 * for: among operations through the same domain.  upc_atomic_isfast is 1
 * for the lock-free types, 0 for those two.
 *
 * Operation encoding.  The op values are upclint's (<upc_types.h>: UPC_ADD
 * 0, UPC_MULT 1, UPC_AND 2, UPC_OR 3, UPC_XOR 4, UPC_MIN 7, UPC_MAX 8;
 * <upc_atomic.h>: UPC_SUB 11, UPC_INC 12, UPC_DEC 13, UPC_GET 14, UPC_SET
 * 15, UPC_CSWAP 16).  They are not one bit each, so the `ops` mask of
 * upc_all_atomicdomain_alloc, built with |, is decoded as a bit pattern: an
 * operation v is in the domain if it is valid for the domain's type and
 * its bits are a subset of ops (v & ~ops == 0).  Every operation named in
 * the | is thus supported (no false error), UPC_ADD (0) is in every domain
 * of an arithmetic type, and operations whose bits are not in the mask are
 * reported.  An ops value that is not the | of operations valid for the
 * type (e.g. UPC_AND for UPC_DOUBLE) is reported at allocation.
 *
 * Statistics: one atomic operation is one access of the element size -
 * a read for UPC_GET, a write for every other operation - local or remote
 * by the target's affinity; a remote one is charged to the network model
 * as one round trip (2o + 2L + nG), like a remote scalar access, and
 * appears in the per-line table.  Strict operations also count as strict
 * accesses.  The domain object is allocated on thread 0 (allocs) and is
 * never reused, so a use after upc_all_atomicdomain_free is reported.
 */
#include "upcr_internal.h"

#include <sched.h>

#define DOMAIN_MAGIC 0x616d6f64u /* "amod" */

typedef struct domain {
	uint32_t magic;
	int32_t type;
	int32_t ops;
	int32_t hints;
	volatile uint32_t freed;
	volatile uint32_t lock; /* for the 16-byte types */
	upcr_loc_t alloc_loc;
	volatile upcr_loc_t free_loc;
	volatile int32_t free_thread;
} domain_t;

enum { CL_INT = 1, CL_FLOAT, CL_PTS };

static const struct {
	const char *name;
	int size, align, cls;
} types[] = {
	[UPC_CHAR] = {"UPC_CHAR", 1, 1, CL_INT},
	[UPC_UCHAR] = {"UPC_UCHAR", 1, 1, CL_INT},
	[UPC_SHORT] = {"UPC_SHORT", sizeof(short), _Alignof(short), CL_INT},
	[UPC_USHORT] = {"UPC_USHORT", sizeof(short), _Alignof(short), CL_INT},
	[UPC_INT] = {"UPC_INT", sizeof(int), _Alignof(int), CL_INT},
	[UPC_UINT] = {"UPC_UINT", sizeof(int), _Alignof(int), CL_INT},
	[UPC_LONG] = {"UPC_LONG", sizeof(long), _Alignof(long), CL_INT},
	[UPC_ULONG] = {"UPC_ULONG", sizeof(long), _Alignof(long), CL_INT},
	[UPC_LLONG] = {"UPC_LLONG", sizeof(long long), _Alignof(long long), CL_INT},
	[UPC_ULLONG] = {"UPC_ULLONG", sizeof(long long), _Alignof(long long), CL_INT},
	[UPC_INT8] = {"UPC_INT8", 1, 1, CL_INT},
	[UPC_UINT8] = {"UPC_UINT8", 1, 1, CL_INT},
	[UPC_INT16] = {"UPC_INT16", 2, 2, CL_INT},
	[UPC_UINT16] = {"UPC_UINT16", 2, 2, CL_INT},
	[UPC_INT32] = {"UPC_INT32", 4, 4, CL_INT},
	[UPC_UINT32] = {"UPC_UINT32", 4, 4, CL_INT},
	[UPC_INT64] = {"UPC_INT64", 8, 8, CL_INT},
	[UPC_UINT64] = {"UPC_UINT64", 8, 8, CL_INT},
	[UPC_FLOAT] = {"UPC_FLOAT", sizeof(float), _Alignof(float), CL_FLOAT},
	[UPC_DOUBLE] = {"UPC_DOUBLE", sizeof(double), _Alignof(double), CL_FLOAT},
	[UPC_LDOUBLE] = {"UPC_LDOUBLE", sizeof(long double), _Alignof(long double), CL_FLOAT},
	[UPC_PTS] = {"UPC_PTS", sizeof(upcr_sptr_t), _Alignof(upcr_sptr_t), CL_PTS},
};
#define NTYPES ((int)(sizeof types / sizeof types[0]))

static const int all_ops[] = {UPC_ADD, UPC_MULT, UPC_AND, UPC_OR, UPC_XOR, UPC_MIN, UPC_MAX,
			      UPC_SUB, UPC_INC,  UPC_DEC, UPC_GET, UPC_SET, UPC_CSWAP};
#define NOPS ((int)(sizeof all_ops / sizeof all_ops[0]))

static int valid_type(int type) { return type > 0 && type < NTYPES && types[type].name; }

static int is_op(int op)
{
	for (int i = 0; i < NOPS; i++)
		if (all_ops[i] == op)
			return 1;
	return 0;
}

/* Is operation op (a valid value) allowed for elements of this type? */
static int op_for_type(int op, int type)
{
	switch (types[type].cls) {
	case CL_INT: return 1;
	case CL_FLOAT: return op != UPC_AND && op != UPC_OR && op != UPC_XOR;
	default: return op == UPC_GET || op == UPC_SET || op == UPC_CSWAP;
	}
}

/* The | of all operations valid for type whose bits lie inside ops: equal
 * to ops exactly when ops is a combination of such operations. */
static int decodable_union(int type, int ops)
{
	int u = 0;
	for (int i = 0; i < NOPS; i++)
		if (op_for_type(all_ops[i], type) && (all_ops[i] & ~ops) == 0)
			u |= all_ops[i];
	return u;
}

static const char *op_name(int op)
{
	switch (op) {
	case UPC_ADD: return "UPC_ADD";
	case UPC_MULT: return "UPC_MULT";
	case UPC_AND: return "UPC_AND";
	case UPC_OR: return "UPC_OR";
	case UPC_XOR: return "UPC_XOR";
	case UPC_MIN: return "UPC_MIN";
	case UPC_MAX: return "UPC_MAX";
	case UPC_SUB: return "UPC_SUB";
	case UPC_INC: return "UPC_INC";
	case UPC_DEC: return "UPC_DEC";
	case UPC_GET: return "UPC_GET";
	case UPC_SET: return "UPC_SET";
	case UPC_CSWAP: return "UPC_CSWAP";
	default: return NULL;
	}
}

/* "UPC_ADD | UPC_MIN" for a domain's decoded operation set. */
static void ops_list(char *buf, size_t len, int type, int ops)
{
	size_t o = 0;
	buf[0] = 0;
	for (int i = 0; i < NOPS && o < len; i++)
		if (op_for_type(all_ops[i], type) && (all_ops[i] & ~ops) == 0)
			o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? " | " : "", op_name(all_ops[i]));
}

/* ---- allocation ---- */

upcr_sptr_t upcr_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops, upc_atomichint_t hints, upcr_loc_t loc)
{
	static const char name[] = "upc_all_atomicdomain_alloc";
	uint64_t args[3] = {(uint64_t)(int64_t)type, (uint64_t)(int64_t)ops, (uint64_t)(int64_t)hints};
	upcr_coll_enter(name, args, 3, 0, loc);
	char where[256];
	upcr_format_loc(where, sizeof where, loc);
	if (!valid_type(type))
		upcr_fatal("atomic-domain", loc, "thread %d calls %s at %s with type %d, which is not a upc_type_t value",
			   upcr_mythread_, name, where, (int)type);
	if (ops < 0 || decodable_union(type, ops) != ops)
		upcr_fatal("atomic-domain", loc,
			   "thread %d calls %s at %s with ops %d, which is not a combination (|) of operations "
			   "supported for %s",
			   upcr_mythread_, name, where, (int)ops, types[type].name);
	/* thread 0 allocates and initialises the domain, then hands the
	 * pointer out through its scratch area (the last 64 bytes, which no
	 * collective expects to survive a call) */
	upcr_coll_barrier();
	upcr_sptr_t *slot = (upcr_sptr_t *)((char *)upcr_addr(upcr_scratch(0)) + upcr_scratch_size_ - 64);
	if (upcr_mythread_ == 0) {
		upcr_sptr_t p = upcr_alloc(sizeof(domain_t), loc);
		domain_t *d = upcr_addr(p);
		memset(d, 0, sizeof *d);
		d->type = type;
		d->ops = ops;
		d->hints = hints;
		d->alloc_loc = loc;
		d->free_thread = -1;
		__atomic_store_n(&d->magic, DOMAIN_MAGIC, __ATOMIC_RELEASE);
		*slot = p;
	}
	upcr_coll_barrier();
	upcr_sptr_t r = *slot;
	upcr_coll_barrier();
	upcr_coll_exit();
	return r;
}

/* The domain object p points to, after validation; fn names the call. */
static domain_t *domain_at(upcr_sptr_t p, const char *fn, upcr_loc_t loc)
{
	char where[256];
	upcr_format_loc(where, sizeof where, loc);
	if (upcr_isnull(p))
		upcr_fatal("atomic-domain", loc, "thread %d calls %s at %s with a null atomicity domain", upcr_mythread_,
			   fn, where);
	domain_t *d = NULL;
	if (p.thread < (uint32_t)upcr_threads_ && p.off >= UPCR_GUARD && p.off + sizeof(domain_t) <= upcr_partsize_ &&
	    p.off % _Alignof(domain_t) == 0)
		d = upcr_addr(p);
	if (!d || __atomic_load_n(&d->magic, __ATOMIC_ACQUIRE) != DOMAIN_MAGIC)
		upcr_fatal("atomic-domain", loc,
			   "thread %d calls %s at %s with a pointer that was not returned by upc_all_atomicdomain_alloc",
			   upcr_mythread_, fn, where);
	if (__atomic_load_n(&d->freed, __ATOMIC_ACQUIRE)) {
		char fr[256];
		upcr_format_loc(fr, sizeof fr, d->free_loc);
		upcr_fatal("atomic-domain", loc, "thread %d calls %s at %s on an atomicity domain freed at %s",
			   upcr_mythread_, fn, where, fr);
	}
	return d;
}

void upcr_all_atomicdomain_free(upcr_sptr_t domain, upcr_loc_t loc)
{
	static const char name[] = "upc_all_atomicdomain_free";
	uint64_t args[1] = {upcr_sptr_bits(domain)};
	upcr_coll_enter(name, args, 1, 0, loc);
	/* valid until every thread has entered */
	upcr_coll_barrier();
	if (upcr_mythread_ == 0 && !upcr_isnull(domain)) {
		domain_t *d = domain_at(domain, name, loc);
		d->free_loc = loc;
		d->free_thread = upcr_mythread_;
		__atomic_store_n(&d->freed, 1, __ATOMIC_RELEASE);
		upcr_ctr_.frees++;
	}
	upcr_coll_exit();
}

/* ---- the operations ---- */

/* Integer types: fetch-op builtins where they exist, a CAS loop for MULT,
 * MIN and MAX (arithmetic in the unsigned type, so overflow wraps).
 * Returns 1 if the target was written. */
#define INT_AMO(NAME, T, UT)                                                                                   \
	static int amo_##NAME(int op, void *fp, void *ap, const void *p1, const void *p2, int mo)             \
	{                                                                                                      \
		T *a = ap, *f = fp, old, nv, o1 = p1 ? *(const T *)p1 : 0;                                     \
		int ok = 1;                                                                                    \
		switch (op) {                                                                                  \
		case UPC_GET: old = __atomic_load_n(a, mo); ok = 0; break;                                     \
		case UPC_SET:                                                                                  \
			if (!f) {                                                                              \
				__atomic_store_n(a, o1, mo);                                                   \
				return 1;                                                                      \
			}                                                                                      \
			old = __atomic_exchange_n(a, o1, mo);                                                  \
			break;                                                                                 \
		case UPC_CSWAP:                                                                                \
			old = o1;                                                                              \
			ok = __atomic_compare_exchange_n(a, &old, *(const T *)p2, 0, mo, mo);                   \
			break;                                                                                 \
		case UPC_ADD: old = __atomic_fetch_add(a, o1, mo); break;                                      \
		case UPC_SUB: old = __atomic_fetch_sub(a, o1, mo); break;                                      \
		case UPC_INC: old = __atomic_fetch_add(a, (T)1, mo); break;                                    \
		case UPC_DEC: old = __atomic_fetch_sub(a, (T)1, mo); break;                                    \
		case UPC_AND: old = __atomic_fetch_and(a, o1, mo); break;                                      \
		case UPC_OR: old = __atomic_fetch_or(a, o1, mo); break;                                        \
		case UPC_XOR: old = __atomic_fetch_xor(a, o1, mo); break;                                      \
		default: /* MULT, MIN, MAX */                                                                  \
			old = __atomic_load_n(a, __ATOMIC_RELAXED);                                            \
			do {                                                                                   \
				if (op == UPC_MULT)                                                            \
					nv = (T)((UT)old * (UT)o1);                                            \
				else if (op == UPC_MIN)                                                        \
					nv = o1 < old ? o1 : old;                                              \
				else                                                                           \
					nv = o1 > old ? o1 : old;                                              \
			} while (!__atomic_compare_exchange_n(a, &old, nv, 0, mo, __ATOMIC_RELAXED));         \
		}                                                                                              \
		if (f)                                                                                         \
			*f = old;                                                                              \
		return ok;                                                                                     \
	}

INT_AMO(i8, int8_t, uint8_t)
INT_AMO(u8, uint8_t, uint8_t)
INT_AMO(i16, int16_t, uint16_t)
INT_AMO(u16, uint16_t, uint16_t)
INT_AMO(i32, int32_t, uint32_t)
INT_AMO(u32, uint32_t, uint32_t)
INT_AMO(i64, int64_t, uint64_t)
INT_AMO(u64, uint64_t, uint64_t)

/* Floating types: every update is a CAS loop on the bit pattern (B), with
 * the arithmetic and the CSWAP comparison done in T (so -0.0 == 0.0). */
#define FLOAT_AMO(NAME, T, B)                                                                                  \
	static int amo_##NAME(int op, void *fp, void *ap, const void *p1, const void *p2, int mo)             \
	{                                                                                                      \
		B *a = ap, cur, nb;                                                                            \
		T old, nv = 0, o1 = p1 ? *(const T *)p1 : 0;                                                   \
		int ok = 1;                                                                                    \
		cur = __atomic_load_n(a, op == UPC_GET ? mo : __ATOMIC_RELAXED);                               \
		for (;;) {                                                                                     \
			memcpy(&old, &cur, sizeof old);                                                        \
			switch (op) {                                                                          \
			case UPC_GET: ok = 0; goto done;                                                       \
			case UPC_SET: nv = o1; break;                                                          \
			case UPC_CSWAP:                                                                        \
				if (!(old == o1)) {                                                            \
					ok = 0;                                                                \
					goto done;                                                             \
				}                                                                              \
				nv = *(const T *)p2;                                                           \
				break;                                                                         \
			case UPC_ADD: nv = old + o1; break;                                                    \
			case UPC_SUB: nv = old - o1; break;                                                    \
			case UPC_MULT: nv = old * o1; break;                                                   \
			case UPC_INC: nv = old + 1; break;                                                     \
			case UPC_DEC: nv = old - 1; break;                                                     \
			case UPC_MIN: nv = o1 < old ? o1 : old; break;                                         \
			case UPC_MAX: nv = o1 > old ? o1 : old; break;                                         \
			}                                                                                      \
			memcpy(&nb, &nv, sizeof nb);                                                           \
			if (__atomic_compare_exchange_n(a, &cur, nb, 0, mo, __ATOMIC_RELAXED))                  \
				break;                                                                         \
		}                                                                                              \
	done:                                                                                                  \
		if (op == UPC_CSWAP && !ok && mo != __ATOMIC_RELAXED)                                          \
			__atomic_thread_fence(mo);                                                             \
		if (fp)                                                                                        \
			memcpy(fp, &old, sizeof old);                                                          \
		return ok;                                                                                     \
	}

FLOAT_AMO(f32, float, uint32_t)
FLOAT_AMO(f64, double, uint64_t)

static void spin_lock(volatile uint32_t *l)
{
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE)) {
		while (__atomic_load_n(l, __ATOMIC_RELAXED))
			sched_yield();
	}
}

static void spin_unlock(volatile uint32_t *l) { __atomic_store_n(l, 0, __ATOMIC_RELEASE); }

/* long double under the domain's lock. */
static int amo_ldouble(int op, void *fp, void *ap, const void *p1, const void *p2)
{
	long double *a = ap, old = *a, o1 = p1 ? *(const long double *)p1 : 0, nv = old;
	int ok = 1;
	switch (op) {
	case UPC_GET: ok = 0; break;
	case UPC_SET: nv = o1; break;
	case UPC_CSWAP:
		ok = old == o1;
		if (ok)
			nv = *(const long double *)p2;
		break;
	case UPC_ADD: nv = old + o1; break;
	case UPC_SUB: nv = old - o1; break;
	case UPC_MULT: nv = old * o1; break;
	case UPC_INC: nv = old + 1; break;
	case UPC_DEC: nv = old - 1; break;
	case UPC_MIN: nv = o1 < old ? o1 : old; break;
	case UPC_MAX: nv = o1 > old ? o1 : old; break;
	}
	if (ok)
		*a = nv;
	if (fp)
		*(long double *)fp = old;
	return ok;
}

/* pointer-to-shared under the domain's lock; CSWAP ignores the phase. */
static int amo_pts(int op, void *fp, void *ap, const void *p1, const void *p2)
{
	upcr_sptr_t *a = ap, old = *a;
	int ok = 1;
	if (op == UPC_SET)
		*a = *(const upcr_sptr_t *)p1;
	else if (op == UPC_CSWAP) {
		ok = upcr_eq(old, *(const upcr_sptr_t *)p1);
		if (ok)
			*a = *(const upcr_sptr_t *)p2;
	} else
		ok = 0;
	if (fp)
		*(upcr_sptr_t *)fp = old;
	return ok;
}

static void atomic_op(const char *fn, int strict, upcr_sptr_t domain, void *fetch_ptr, upc_op_t op,
		      upcr_sptr_t target, const void *operand1, const void *operand2, upcr_loc_t loc)
{
	upcr_note_loc(loc);
	domain_t *d = domain_at(domain, fn, loc);
	int type = d->type;
	size_t sz = (size_t)types[type].size;
	char where[256];
	upcr_format_loc(where, sizeof where, loc);
	if (!is_op(op))
		upcr_fatal("atomic-op", loc, "thread %d calls %s at %s with op %d, which is not an atomic operation",
			   upcr_mythread_, fn, where, (int)op);
	if (!op_for_type(op, type) || (op & ~d->ops) != 0) {
		char al[256], set[300];
		upcr_format_loc(al, sizeof al, d->alloc_loc);
		ops_list(set, sizeof set, type, d->ops);
		upcr_fatal("atomic-op", loc,
			   "thread %d calls %s at %s with %s, which is not in the atomicity domain allocated at %s "
			   "(type %s, ops %d: %s)",
			   upcr_mythread_, fn, where, op_name(op), al, types[type].name, (int)d->ops,
			   set[0] ? set : "none");
	}
	int need1 = op != UPC_GET && op != UPC_INC && op != UPC_DEC, need2 = op == UPC_CSWAP;
	if (op == UPC_GET && !fetch_ptr)
		upcr_fatal("atomic-args", loc, "thread %d calls %s at %s with UPC_GET and a null fetch_ptr",
			   upcr_mythread_, fn, where);
	if ((need1 && !operand1) || (need2 && !operand2))
		upcr_fatal("atomic-args", loc, "thread %d calls %s at %s with %s and a null operand%d", upcr_mythread_,
			   fn, where, op_name(op), need1 && !operand1 ? 1 : 2);
	if (upcr_check_ && ((!need1 && operand1) || (!need2 && operand2)))
		upcr_warn("atomic-args", loc,
			  "%s at %s: operand%d of %s shall be a null pointer (the operation does not use it)", fn, where,
			  !need1 && operand1 ? 1 : 2, op_name(op));
	if (upcr_isnull(target))
		upcr_fatal("null-pointer", loc, "thread %d calls %s at %s with a null target", upcr_mythread_, fn,
			   where);
	if (target.thread >= (uint32_t)upcr_threads_ || target.off < UPCR_GUARD || target.off + sz > upcr_partsize_)
		upcr_fatal("bad-pointer", loc,
			   "thread %d calls %s at %s with an invalid target pointer-to-shared (thread %u, offset %llu)",
			   upcr_mythread_, fn, where, target.thread, (unsigned long long)target.off);
	void *a = upcr_addr(target);
	if ((uintptr_t)a % (uintptr_t)types[type].align != 0)
		upcr_fatal("atomic-target", loc,
			   "thread %d calls %s at %s on a target that is not aligned for %s (offset %llu): the operation "
			   "cannot be atomic",
			   upcr_mythread_, fn, where, types[type].name, (unsigned long long)target.off);

	int mo = strict ? __ATOMIC_SEQ_CST : __ATOMIC_RELAXED;
	if (strict)
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	int cls = types[type].cls;
	if (type == UPC_LDOUBLE || cls == CL_PTS) {
		spin_lock(&d->lock);
		if (type == UPC_LDOUBLE)
			amo_ldouble(op, fetch_ptr, a, operand1, operand2);
		else
			amo_pts(op, fetch_ptr, a, operand1, operand2);
		spin_unlock(&d->lock);
	} else if (cls == CL_FLOAT) {
		if (sz == 4)
			amo_f32(op, fetch_ptr, a, operand1, operand2, mo);
		else
			amo_f64(op, fetch_ptr, a, operand1, operand2, mo);
	} else {
		int sgn = !(type == UPC_UCHAR || type == UPC_USHORT || type == UPC_UINT || type == UPC_ULONG ||
			    type == UPC_ULLONG || type == UPC_UINT8 || type == UPC_UINT16 || type == UPC_UINT32 ||
			    type == UPC_UINT64);
		switch (sz) {
		case 1: (sgn ? amo_i8 : amo_u8)(op, fetch_ptr, a, operand1, operand2, mo); break;
		case 2: (sgn ? amo_i16 : amo_u16)(op, fetch_ptr, a, operand1, operand2, mo); break;
		case 4: (sgn ? amo_i32 : amo_u32)(op, fetch_ptr, a, operand1, operand2, mo); break;
		default: (sgn ? amo_i64 : amo_u64)(op, fetch_ptr, a, operand1, operand2, mo); break;
		}
	}
	if (strict) {
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		upcr_ctr_.strict_ops++;
	}
	int write = op != UPC_GET;
	if (upcr_count_access(target, sz, write))
		upcr_model_remote((int)target.thread, sz, write, 0, loc);
}

void upcr_atomic_strict(upcr_sptr_t domain, void *fetch_ptr, upc_op_t op, upcr_sptr_t target, const void *operand1,
			const void *operand2, upcr_loc_t loc)
{
	atomic_op("upc_atomic_strict", 1, domain, fetch_ptr, op, target, operand1, operand2, loc);
}

void upcr_atomic_relaxed(upcr_sptr_t domain, void *fetch_ptr, upc_op_t op, upcr_sptr_t target, const void *operand1,
			 const void *operand2, upcr_loc_t loc)
{
	atomic_op("upc_atomic_relaxed", 0, domain, fetch_ptr, op, target, operand1, operand2, loc);
}

int upcr_atomic_isfast(upc_type_t type, upc_op_t ops, upcr_sptr_t addr, upcr_loc_t loc)
{
	(void)addr;
	(void)loc;
	if (!valid_type(type) || ops < 0 || decodable_union(type, ops) != ops)
		return 0;
	return type != UPC_LDOUBLE && types[type].cls != CL_PTS;
}
