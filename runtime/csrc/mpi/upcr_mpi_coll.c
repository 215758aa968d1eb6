/*
 * upcr_mpi_coll.c - the collectives library (<upc_collective.h>, UPC 1.3
 * section 7.3) on the MPI-3 backend.
 *
 * Broadcast moves its data with MPI_Bcast, the reductions gather each
 * thread's partial result with MPI_Gather; the other relocalisation
 * operations are the SMP backend's (upcr_coll_common.c): one-sided copies
 * between the synchronisation points.
 * Counting and the network model follow the SMP library (upcr_coll.c):
 * broadcast and reduce are charged as the same binomial trees, and the
 * reductions combine in the same order (each thread's elements in element
 * order, then the partials along the tree rooted at thread 0; prefix
 * reductions in element order), so results are identical on both
 * backends.
 */
#include "upcr_mpi.h"

static inline int lowbit(int r) { return r & -r; }

/* ---- relocalization ---- */

void upcr_all_broadcast(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc)
{
	static const char name[] = "upc_all_broadcast";
	upcr_coll_begin_move(name, dst, src, nbytes, nbytes, flags, loc);
	int T = THREADS, me = upcr_mythread_, root = (int)(src.thread % (uint32_t)T);
	int r = (me - root + T) % T;
	upcr_sptr_t mine = upcr_coll_block_of(dst, me, nbytes);
	if (r == 0)
		upcr_coll_xfer(mine, src, nbytes, loc);
	if (T > 1) {
		char *buf = upcr_mybase_ + mine.off;
		MPI_Request rq;
		for (size_t o = 0; o < nbytes; o += (size_t)1 << 30) {
			size_t k = nbytes - o < ((size_t)1 << 30) ? nbytes - o : ((size_t)1 << 30);
			MPI_Ibcast(buf + o, (int)k, MPI_BYTE, root, MPI_COMM_WORLD, &rq);
			upcr_mpi_wait_req(&rq);
		}
		MPI_Win_sync(upcr_win_);
	}
	/* charged as the SMP library's binomial tree: r sends to r + 2^k */
	int lim = r == 0 ? T : lowbit(r);
	for (int k = 1; k < lim && r + k < T; k *= 2)
		upcr_coll_account((root + r + k) % T, nbytes, loc);
	upcr_coll_out_sync(flags);
	upcr_coll_exit();
}

/* ---- reductions ---- */

typedef struct {
	size_t esz;
	int isfloat;
	/* acc = acc OP v[0] OP ... OP v[n-1] */
	void (*fold)(int op, upcr_anyfn_t fn, void *acc, const void *v, size_t n);
} coll_type_t;

#define FOLD_COMMON(T)                                                            \
	case UPC_ADD: a = a + b; break;                                           \
	case UPC_MULT: a = a * b; break;                                          \
	case UPC_LOGAND: a = a && b; break;                                       \
	case UPC_LOGOR: a = a || b; break;                                        \
	case UPC_MIN: a = b < a ? b : a; break;                                   \
	case UPC_MAX: a = b > a ? b : a; break;                                   \
	case UPC_FUNC:                                                            \
	case UPC_NONCOMM_FUNC: a = ((T(*)(T, T))fn)(a, b); break;

#define INT_OPS                                                                   \
	case UPC_AND: a = a & b; break;                                           \
	case UPC_OR: a = a | b; break;                                            \
	case UPC_XOR: a = a ^ b; break;

/* fold_SUF and ty_SUF: OPS are the type's operations beyond FOLD_COMMON */
#define DEF_TY(SUF, T, FLT, OPS)                                                          \
	static void fold_##SUF(int op, upcr_anyfn_t fn, void *acc, const void *v, size_t n) \
	{                                                                                 \
		T a;                                                                      \
		memcpy(&a, acc, sizeof a);                                                \
		for (size_t i = 0; i < n; i++) {                                          \
			T b;                                                              \
			memcpy(&b, (const char *)v + i * sizeof b, sizeof b);             \
			switch (op) { FOLD_COMMON(T) OPS }                                \
		}                                                                         \
		memcpy(acc, &a, sizeof a);                                                \
	}                                                                                 \
	static const coll_type_t ty_##SUF = {sizeof(T), FLT, fold_##SUF};

#define DEF_INT(SUF, T) DEF_TY(SUF, T, 0, INT_OPS)
#define DEF_FLT(SUF, T) DEF_TY(SUF, T, 1, )

DEF_INT(C, signed char)
DEF_INT(UC, unsigned char)
DEF_INT(S, short)
DEF_INT(US, unsigned short)
DEF_INT(I, int)
DEF_INT(UI, unsigned int)
DEF_INT(L, long)
DEF_INT(UL, unsigned long)
DEF_FLT(F, float)
DEF_FLT(D, double)
DEF_FLT(LD, long double)

/* Combine the partial of `t`'s subtree: t absorbs t + 2^k for 2^k below
 * lowbit(t) (all of the threads for t = 0), in increasing k. */
static int subtree(const coll_type_t *ty, int op, upcr_anyfn_t fn, const unsigned char *parts, int t, int T,
		   unsigned char *acc)
{
	size_t rec = ty->esz + 1;
	int have = parts[(size_t)t * rec + ty->esz];
	if (have)
		memcpy(acc, parts + (size_t)t * rec, ty->esz);
	int lim = t == 0 ? T : lowbit(t);
	for (int k = 1; k < lim && t + k < T; k *= 2) {
		unsigned char c[16];
		if (!subtree(ty, op, fn, parts, t + k, T, c))
			continue;
		if (!have) {
			memcpy(acc, c, ty->esz);
			have = 1;
		} else
			ty->fold(op, fn, acc, c, 1);
	}
	return have;
}

/* This thread's elements of src[0 .. nelems-1] in element order, folded:
 * returns whether there were any. */
static int my_partial(const coll_type_t *ty, int op, upcr_anyfn_t fn, upcr_sptr_t src, size_t nelems, size_t blk,
		      unsigned char *acc)
{
	size_t esz = ty->esz, run = 0;
	int have = 0;
	upcr_sptr_t prev = UPCR_NULL;
	for (size_t i = 0; i < nelems; i++) {
		upcr_sptr_t p = upcr_add(src, (int64_t)i, esz, blk);
		if (!upcr_is_local(p))
			continue;
		const char *a = upcr_mybase_ + p.off;
		if (!have) {
			memcpy(acc, a, esz);
			have = 1;
		} else
			ty->fold(op, fn, acc, a, 1);
		if (run && p.off != prev.off + esz) {
			upcr_coll_count_local(run * esz);
			run = 0;
		}
		run++;
		prev = p;
	}
	if (run)
		upcr_coll_count_local(run * esz);
	return have;
}

static void coll_reduce(const coll_type_t *ty, const char *name, upcr_sptr_t dst, upcr_sptr_t src, int op,
			size_t nelems, size_t blk, upcr_anyfn_t fn, upc_flag_t flags, upcr_loc_t loc)
{
	upcr_coll_begin_op(name, dst, src, op, nelems, blk, fn, flags, ty->esz, ty->isfloat, loc);
	upcr_coll_in_sync(flags);
	int T = THREADS, me = upcr_mythread_;
	size_t esz = ty->esz, rec = esz + 1;
	unsigned char mine[17] = {0}, acc[16];
	unsigned char *parts = me == 0 ? calloc((size_t)T, rec) : NULL;
	int have;
	if (op == UPC_NONCOMM_FUNC) {
		/* element order across threads: thread 0 folds everything */
		have = 0;
		if (me == 0)
			for (size_t i = 0; i < nelems; i++) {
				upcr_sptr_t p = upcr_add(src, (int64_t)i, esz, blk);
				unsigned char v[16];
				if (upcr_is_local(p))
					memcpy(v, upcr_mybase_ + p.off, esz);
				else
					upcr_rma_get(v, (int)p.thread, upcr_disp(p), esz);
				upcr_coll_account((int)p.thread, esz, loc);
				if (!have) {
					memcpy(acc, v, esz);
					have = 1;
				} else
					ty->fold(op, fn, acc, v, 1);
			}
		MPI_Request rq;
		MPI_Ibarrier(MPI_COMM_WORLD, &rq);
		upcr_mpi_wait_req(&rq);
	} else {
		mine[esz] = (unsigned char)my_partial(ty, op, fn, src, nelems, blk, mine);
		/* charged as the SMP library's tree: each thread reads the
		 * partials of its children me + 2^k */
		int lim = me == 0 ? T : lowbit(me);
		for (int k = 1; k < lim && me + k < T; k *= 2)
			upcr_coll_account(me + k, esz + 1, loc);
		MPI_Request rq;
		MPI_Igather(mine, (int)rec, MPI_BYTE, parts, (int)rec, MPI_BYTE, 0, MPI_COMM_WORLD, &rq);
		upcr_mpi_wait_req(&rq);
		have = me == 0 && subtree(ty, op, fn, parts, 0, T, acc);
	}
	if (me == 0 && have) {
		if (upcr_is_local(dst))
			memcpy(upcr_mybase_ + dst.off, acc, esz);
		else
			upcr_rma_put((int)dst.thread, upcr_disp(dst), acc, esz);
		upcr_coll_account((int)dst.thread, esz, loc);
	}
	free(parts);
	upcr_rma_flush_all();
	upcr_coll_barrier();
	upcr_coll_exit();
}

static void coll_prefix(const coll_type_t *ty, const char *name, upcr_sptr_t dst, upcr_sptr_t src, int op,
			size_t nelems, size_t blk, upcr_anyfn_t fn, upc_flag_t flags, upcr_loc_t loc)
{
	upcr_coll_begin_op(name, dst, src, op, nelems, blk, fn, flags, ty->esz, ty->isfloat, loc);
	upcr_coll_in_sync(flags);
	size_t esz = ty->esz;
	if (upcr_mythread_ == 0 && nelems > 0) {
		/* element order: read everything, scan, write back, one run of
		 * consecutive elements on one thread at a time */
		unsigned char *buf = malloc(nelems * esz);
		for (size_t i = 0; i < nelems;) {
			upcr_sptr_t p = upcr_add(src, (int64_t)i, esz, blk);
			size_t piece = blk == 0 ? nelems - i : blk - p.phase;
			if (piece > nelems - i)
				piece = nelems - i;
			if (upcr_is_local(p))
				memcpy(buf + i * esz, upcr_mybase_ + p.off, piece * esz);
			else
				upcr_rma_get(buf + i * esz, (int)p.thread, upcr_disp(p), piece * esz);
			upcr_coll_account((int)p.thread, piece * esz, loc);
			i += piece;
		}
		for (size_t i = 1; i < nelems; i++) {
			unsigned char a[16];
			memcpy(a, buf + (i - 1) * esz, esz);
			ty->fold(op, fn, a, buf + i * esz, 1);
			memcpy(buf + i * esz, a, esz);
		}
		for (size_t i = 0; i < nelems;) {
			upcr_sptr_t p = upcr_add(dst, (int64_t)i, esz, blk);
			size_t piece = blk == 0 ? nelems - i : blk - p.phase;
			if (piece > nelems - i)
				piece = nelems - i;
			if (upcr_is_local(p))
				memcpy(upcr_mybase_ + p.off, buf + i * esz, piece * esz);
			else
				upcr_rma_put((int)p.thread, upcr_disp(p), buf + i * esz, piece * esz);
			upcr_coll_account((int)p.thread, piece * esz, loc);
			i += piece;
		}
		upcr_rma_flush_all();
		free(buf);
	}
	upcr_coll_barrier();
	upcr_coll_exit();
}

#define UPCR_COLL_TYPE(SUF, T)                                                                                   \
	void upcr_all_reduce##SUF(upcr_sptr_t dst, upcr_sptr_t src, upc_op_t op, size_t nelems, size_t blk_size,     \
				  T (*func)(T, T), upc_flag_t flags, upcr_loc_t loc)                               \
	{                                                                                                        \
		coll_reduce(&ty_##SUF, "upc_all_reduce" #SUF, dst, src, (int)op, nelems, blk_size,                  \
			    (upcr_anyfn_t)func, flags, loc);                                                         \
	}                                                                                                        \
	void upcr_all_prefix_reduce##SUF(upcr_sptr_t dst, upcr_sptr_t src, upc_op_t op, size_t nelems,             \
					 size_t blk_size, T (*func)(T, T), upc_flag_t flags, upcr_loc_t loc)        \
	{                                                                                                        \
		coll_prefix(&ty_##SUF, "upc_all_prefix_reduce" #SUF, dst, src, (int)op, nelems, blk_size,           \
			    (upcr_anyfn_t)func, flags, loc);                                                         \
	}

UPCR_COLL_TYPE(C, signed char)
UPCR_COLL_TYPE(UC, unsigned char)
UPCR_COLL_TYPE(S, short)
UPCR_COLL_TYPE(US, unsigned short)
UPCR_COLL_TYPE(I, int)
UPCR_COLL_TYPE(UI, unsigned int)
UPCR_COLL_TYPE(L, long)
UPCR_COLL_TYPE(UL, unsigned long)
UPCR_COLL_TYPE(F, float)
UPCR_COLL_TYPE(D, double)
UPCR_COLL_TYPE(LD, long double)
