/*
 * upcr_coll.c - the UPC collectives library (<upc_collective.h>, UPC 1.3
 * section 7.3) on top of the runtime's collective primitives
 * (upcr_coll_enter/exit/barrier, the per-thread scratch area, flag waits
 * and upcr_model_transfer).
 *
 * Data moves with plain loads and stores on the shared segment; every
 * copy is counted (bulk_local / bulk_remote, bytes) and a copy that
 * crosses threads is charged to the network model.  Broadcast and reduce
 * move data along a binomial tree (rank r's parent is r - lowbit(r)), so
 * the root sends or receives ceil(log2 THREADS) messages and the modeled
 * critical path grows as log(THREADS).
 *
 * Synchronisation flags: IN_ALLSYNC starts with an internal barrier and
 * OUT_ALLSYNC ends with one; NOSYNC starts or returns at once.  MYSYNC
 * (UPC 1.3 section 7.3.1: a thread's data is read or written only after
 * that thread entered, and a thread returns only when the accesses to its
 * own data are complete) costs no barrier where the tree already orders
 * the accesses:
 *   - broadcast: the root reads its own source; a parent writes a child's
 *     block only after the child has said it entered (IN_MYSYNC), and a
 *     thread returns after its block arrived and its children's copies of
 *     it were made, which it does itself (OUT_MYSYNC needs nothing);
 *   - tree reductions: each thread reads only its own elements, and the
 *     root writes the result after every thread published its partial
 *     (IN_MYSYNC needs nothing); OUT_MYSYNC ends with a barrier only when
 *     the result lies on a thread other than the root, and OUT_NOSYNC
 *     never.  A child reuses its scratch slot only after its parent said
 *     it read the previous partial, so no closing barrier is needed for
 *     the scratch area either.
 * The other collectives treat MYSYNC as ALLSYNC, and the element-order
 * reductions (UPC_NONCOMM_FUNC, prefix) always end with a barrier.
 *
 * Determinism: commutative reductions combine per-thread partials in
 * thread order along the tree ((t0 t1) (t2 t3)) ...; UPC_NONCOMM_FUNC
 * reductions and all prefix reductions combine per-block totals in
 * element order on thread 0.  Both orders depend only on THREADS and the
 * arguments, so results are identical across runs.
 */
#include "upcr_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Collectives of this library entered by this thread; single-valued, since
 * all threads call the same sequence of collectives.  Tags the flags. */
static uint32_t coll_seq;

/* Scratch layout (per thread) */
#define SC_FLAG_BCAST 0 /* uint32: last broadcast whose data reached this thread */
#define SC_FLAG_RED 4   /* uint32: last reduction whose partial this thread published */
#define SC_FLAG_ENTER 8 /* uint32: last IN_MYSYNC broadcast this thread entered */
#define SC_FLAG_ACK 12  /* uint32: last reduction whose partial the parent read */
#define SC_SLOT 64      /* a partial result (up to 16 bytes) */
#define SC_AREA 128     /* per-block totals, then per-block offsets */

static inline char *sc(int t) { return (char *)upcr_addr(upcr_scratch(t)); }
static inline volatile uint32_t *sc_flag(int t, int off) { return (volatile uint32_t *)(sc(t) + off); }

/* Wait until *f has reached seq (flags only grow, modulo wrap-around). */
static void wait_reach(volatile uint32_t *f, uint32_t seq)
{
	for (;;) {
		uint32_t v = __atomic_load_n(f, __ATOMIC_ACQUIRE);
		if ((int32_t)(v - seq) >= 0)
			return;
		upcr_wait_while_eq(f, v);
	}
}

static void set_flag(volatile uint32_t *f, uint32_t seq)
{
	__atomic_store_n(f, seq, __ATOMIC_RELEASE);
	upcr_wake_all(f);
}

static inline int lowbit(int r) { return r & -r; }

/* The reduction whose partial this thread last published in its slot. */
static uint32_t red_published;
static int red_any;

/* ---- accounting ---- */





/* ---- entry, flags ---- */




static void enter(const char *name, const uint64_t *args, int nargs, size_t bytes, upc_flag_t flags,
		  upcr_loc_t loc)
{
	upcr_coll_begin(name, args, nargs, bytes, flags, loc);
	coll_seq++;
}



/* ---- relocalization ---- */

void upcr_all_broadcast(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc)
{
	static const char name[] = "upc_all_broadcast";
	uint64_t args[] = {upcr_sptr_bits(dst), upcr_sptr_bits(src), nbytes, (uint64_t)flags};
	enter(name, args, 4, nbytes, flags, loc);
	upcr_coll_need_bytes(name, nbytes, loc);
	int mysync = (flags & 3) == UPC_IN_MYSYNC;
	if ((flags & 3) == UPC_IN_ALLSYNC)
		upcr_coll_barrier();
	else if (mysync)
		set_flag(sc_flag(upcr_mythread_, SC_FLAG_ENTER), coll_seq);
	int T = THREADS, me = upcr_mythread_, root = (int)(src.thread % (uint32_t)T);
	int r = (me - root + T) % T;
	upcr_sptr_t mine = upcr_coll_block_of(dst, me, nbytes);
	if (r == 0)
		upcr_coll_xfer(mine, src, nbytes, loc);
	else
		wait_reach(sc_flag(me, SC_FLAG_BCAST), coll_seq);
	/* children r + 2^k for 2^k < lowbit(r), largest subtree first */
	int lim = r == 0 ? T : lowbit(r);
	int k = 1;
	while (k * 2 < lim)
		k *= 2;
	for (; k >= 1; k /= 2) {
		if (k >= lim || r + k >= T)
			continue;
		int child = (root + r + k) % T;
		if (mysync)
			wait_reach(sc_flag(child, SC_FLAG_ENTER), coll_seq);
		upcr_coll_xfer(upcr_coll_block_of(dst, child, nbytes), mine, nbytes, loc);
		set_flag(sc_flag(child, SC_FLAG_BCAST), coll_seq);
	}
	if ((flags & 12) == UPC_OUT_ALLSYNC)
		upcr_coll_barrier();
	upcr_coll_exit();
}






/* ---- computational collectives ---- */


/* Per element type: fold n elements into *acc (which holds a value), and
 * the inclusive scan of n elements starting from *carry (or from nothing
 * when carry is NULL). */
typedef struct coll_type {
	size_t esz;
	int isfloat;
	void (*fold)(int op, upcr_anyfn_t fn, void *acc, const void *elems, size_t n);
	void (*scan)(int op, upcr_anyfn_t fn, const void *carry, const void *src, void *dst, size_t n);
} coll_type_t;

#define UPCR_COMBINE_INT(T, UT)                                          \
	static inline T comb_##T##_f(int op, upcr_anyfn_t fn, T a, T b)  \
	{                                                                \
		switch (op) {                                            \
		case UPC_ADD: return (T)((UT)a + (UT)b);                 \
		case UPC_MULT: return (T)((UT)a * (UT)b);                \
		UPCR_INT_OP_CASES(T, a, b)                               \
		default: return ((T(*)(T, T))fn)(a, b);                  \
		}                                                        \
	}
#define UPCR_COMBINE_FLT(T)                                              \
	static inline T comb_##T##_f(int op, upcr_anyfn_t fn, T a, T b)  \
	{                                                                \
		switch (op) {                                            \
		case UPC_ADD: return a + b;                              \
		case UPC_MULT: return a * b;                             \
		UPCR_OP_CASES(T, a, b)                                   \
		default: return ((T(*)(T, T))fn)(a, b);                  \
		}                                                        \
	}

typedef signed char t_C;
typedef unsigned char t_UC;
typedef short t_S;
typedef unsigned short t_US;
typedef int t_I;
typedef unsigned int t_UI;
typedef long t_L;
typedef unsigned long t_UL;
typedef float t_F;
typedef double t_D;
typedef long double t_LD;

UPCR_COMBINE_INT(t_C, unsigned char)
UPCR_COMBINE_INT(t_UC, unsigned char)
UPCR_COMBINE_INT(t_S, unsigned short)
UPCR_COMBINE_INT(t_US, unsigned short)
UPCR_COMBINE_INT(t_I, unsigned int)
UPCR_COMBINE_INT(t_UI, unsigned int)
UPCR_COMBINE_INT(t_L, unsigned long)
UPCR_COMBINE_INT(t_UL, unsigned long)
UPCR_COMBINE_FLT(t_F)
UPCR_COMBINE_FLT(t_D)
UPCR_COMBINE_FLT(t_LD)

static void coll_reduce(const coll_type_t *ty, const char *name, upcr_sptr_t dst, upcr_sptr_t src, int op,
			size_t nelems, size_t blk, upcr_anyfn_t fn, upc_flag_t flags, upcr_loc_t loc);
static void coll_prefix(const coll_type_t *ty, const char *name, upcr_sptr_t dst, upcr_sptr_t src, int op,
			size_t nelems, size_t blk, upcr_anyfn_t fn, upc_flag_t flags, upcr_loc_t loc);

#define UPCR_COLL_TYPE(SUF, ISFLOAT)                                                                             \
	static void fold_##SUF(int op, upcr_anyfn_t fn, void *acc, const void *elems, size_t n)                 \
	{                                                                                                        \
		t_##SUF a;                                                                                       \
		memcpy(&a, acc, sizeof a);                                                                       \
		const t_##SUF *e = (const t_##SUF *)elems;                                                       \
		for (size_t i = 0; i < n; i++)                                                                   \
			a = comb_t_##SUF##_f(op, fn, a, e[i]);                                                   \
		memcpy(acc, &a, sizeof a);                                                                       \
	}                                                                                                        \
	static void scan_##SUF(int op, upcr_anyfn_t fn, const void *carry, const void *src, void *dst, size_t n) \
	{                                                                                                        \
		const t_##SUF *s = (const t_##SUF *)src;                                                         \
		t_##SUF *d = (t_##SUF *)dst, a;                                                                  \
		size_t i = 0;                                                                                    \
		if (carry)                                                                                       \
			memcpy(&a, carry, sizeof a);                                                             \
		else if (n > 0)                                                                                  \
			d[i] = a = s[i], i++;                                                                    \
		for (; i < n; i++)                                                                               \
			d[i] = a = comb_t_##SUF##_f(op, fn, a, s[i]);                                            \
	}                                                                                                        \
	static const coll_type_t ty_##SUF = {sizeof(t_##SUF), ISFLOAT, fold_##SUF, scan_##SUF};                 \
	void upcr_all_reduce##SUF(upcr_sptr_t dst, upcr_sptr_t src, upc_op_t op, size_t nelems, size_t blk_size, \
				  t_##SUF (*func)(t_##SUF, t_##SUF), upc_flag_t flags, upcr_loc_t loc)           \
	{                                                                                                        \
		coll_reduce(&ty_##SUF, "upc_all_reduce" #SUF, dst, src, op, nelems, blk_size, (upcr_anyfn_t)func,  \
			    flags, loc);                                                                         \
	}                                                                                                        \
	void upcr_all_prefix_reduce##SUF(upcr_sptr_t dst, upcr_sptr_t src, upc_op_t op, size_t nelems,          \
					 size_t blk_size, t_##SUF (*func)(t_##SUF, t_##SUF), upc_flag_t flags,  \
					 upcr_loc_t loc)                                                        \
	{                                                                                                        \
		coll_prefix(&ty_##SUF, "upc_all_prefix_reduce" #SUF, dst, src, op, nelems, blk_size,              \
			    (upcr_anyfn_t)func, flags, loc);                                                     \
	}

UPCR_COLL_TYPE(C, 0)
UPCR_COLL_TYPE(UC, 0)
UPCR_COLL_TYPE(S, 0)
UPCR_COLL_TYPE(US, 0)
UPCR_COLL_TYPE(I, 0)
UPCR_COLL_TYPE(UI, 0)
UPCR_COLL_TYPE(L, 0)
UPCR_COLL_TYPE(UL, 0)
UPCR_COLL_TYPE(F, 1)
UPCR_COLL_TYPE(D, 1)
UPCR_COLL_TYPE(LD, 1)

/* The elements src[0 .. nelems-1] of a shared [blk] T array are cut into
 * runs: maximal pieces inside one block.  Run j starts at element
 * run_start(j) and lives on thread (src.thread + j) % THREADS (all on
 * src.thread for blk 0, the indefinite layout). */
typedef struct runs {
	size_t nelems, blk, len0, nruns;
	upcr_sptr_t base;
	size_t esz;
} runs_t;

static runs_t make_runs(upcr_sptr_t src, size_t nelems, size_t blk, size_t esz)
{
	runs_t r = {nelems, blk, nelems, 1, src, esz};
	if (blk == 0 || nelems == 0) {
		r.blk = 0;
		r.nruns = nelems ? 1 : 0;
		return r;
	}
	size_t ph = src.phase % blk;
	r.len0 = blk - ph < nelems ? blk - ph : nelems;
	r.nruns = 1 + (nelems - r.len0 + blk - 1) / blk;
	return r;
}

static size_t run_start(const runs_t *r, size_t j) { return j == 0 ? 0 : r->len0 + (j - 1) * r->blk; }

static size_t run_len(const runs_t *r, size_t j)
{
	size_t s = run_start(r, j), l = j == 0 ? r->len0 : r->blk;
	return s + l > r->nelems ? r->nelems - s : l;
}

static int run_thread(const runs_t *r, size_t j)
{
	uint32_t T = (uint32_t)THREADS;
	if (r->blk == 0)
		return (int)(r->base.thread % T);
	return (int)((r->base.thread + j) % T);
}

/* The first run of thread t (a run index), for blk > 0. */
static size_t first_run(const runs_t *r, int t)
{
	int T = THREADS;
	if (r->blk == 0)
		return (int)(r->base.thread % (uint32_t)T) == t ? 0 : r->nruns;
	return (size_t)((t - (int)(r->base.thread % (uint32_t)T) + T) % T);
}

static size_t run_step(const runs_t *r) { return r->blk == 0 ? r->nruns : (size_t)THREADS; }

static void *run_addr(const runs_t *r, size_t j)
{
	return upcr_addr(upcr_add(r->base, (int64_t)run_start(r, j), r->esz, r->blk));
}

/* Write n elements from a private buffer to dst[first .. first+n-1] of a
 * shared [blk] array, piece by piece along dst's blocks. */
static void put_elems(upcr_sptr_t dst, size_t blk, size_t esz, size_t first, const char *buf, size_t n,
		      upcr_loc_t loc)
{
	upcr_sptr_t p = upcr_add(dst, (int64_t)first, esz, blk);
	while (n > 0) {
		size_t piece = blk == 0 ? n : blk - p.phase;
		if (piece > n)
			piece = n;
		memcpy(upcr_addr(p), buf, piece * esz);
		upcr_coll_account((int)p.thread, piece * esz, loc);
		buf += piece * esz;
		n -= piece;
		p = upcr_add(p, (int64_t)piece, esz, blk);
	}
}

/* Element-order combination of per-run totals (UPC_NONCOMM_FUNC reduce
 * and every prefix reduction), in windows of `cap` runs per thread that
 * fit the scratch area.  Per window: each thread folds its runs into its
 * scratch totals; barrier; thread 0 combines the totals in run order and,
 * for a prefix reduction, hands each run the combination of all earlier
 * runs; barrier; (prefix) each thread scans its runs from that offset into
 * dst.  Returns the total on thread 0 in *result (valid if nelems > 0). */
static void ordered_combine(const coll_type_t *ty, const runs_t *rs, int op, upcr_anyfn_t fn, upcr_sptr_t pdst,
			    int prefix, void *result, upcr_loc_t loc)
{
	int T = THREADS, me = upcr_mythread_;
	size_t esz = ty->esz;
	size_t cap = (upcr_scratch_size_ - SC_AREA) / 2 / esz;
	if (cap == 0)
		upcr_fatal("collective-scratch", loc, "scratch area too small (UPCR_SCRATCH_KB)");
	size_t per_window = cap * (size_t)(rs->blk == 0 ? 1 : T);
	size_t nwin = (rs->nruns + per_window - 1) / per_window;
	char *tot = sc(me) + SC_AREA, *offs = tot + cap * esz;
	unsigned char carry[16];
	int have = 0;
	double *pending = NULL; /* bytes thread 0 moved per thread in a window */
	char *buf = NULL;
	size_t bufcap = 0;
	if (me == 0)
		pending = calloc((size_t)T, sizeof *pending);
	for (size_t w = 0; w < nwin; w++) {
		size_t lo = w * per_window, hi = lo + per_window < rs->nruns ? lo + per_window : rs->nruns;
		/* 1: totals of my runs in [lo, hi) */
		for (size_t j = lo + first_run(rs, me) % run_step(rs), m = 0; j < hi; j += run_step(rs), m++) {
			if (run_thread(rs, j) != me)
				continue;
			const char *a = run_addr(rs, j);
			size_t len = run_len(rs, j);
			memcpy(tot + m * esz, a, esz);
			ty->fold(op, fn, tot + m * esz, a + esz, len - 1);
			upcr_coll_count_local(len * esz);
		}
		upcr_coll_barrier();
		/* 2: thread 0 combines in run order */
		if (me == 0) {
			for (size_t j = lo; j < hi; j++) {
				int t = run_thread(rs, j);
				size_t m = (j - lo) / run_step(rs);
				if (rs->blk == 0)
					m = j - lo;
				char *tt = sc(t) + SC_AREA;
				if (prefix && have)
					memcpy(tt + cap * esz + m * esz, carry, esz);
				if (!have) {
					memcpy(carry, tt + m * esz, esz);
					have = 1;
				} else {
					ty->fold(op, fn, carry, tt + m * esz, 1);
				}
				pending[t] += (double)(prefix ? 2 : 1) * (double)esz;
			}
			for (int t = 0; t < T; t++) {
				if (pending[t] > 0)
					upcr_coll_account(t, (size_t)pending[t], loc);
				pending[t] = 0;
			}
		}
		upcr_coll_barrier();
		if (!prefix)
			continue;
		/* 3: scan my runs from their offsets into dst */
		for (size_t j = lo + first_run(rs, me) % run_step(rs), m = 0; j < hi; j += run_step(rs), m++) {
			if (run_thread(rs, j) != me)
				continue;
			size_t len = run_len(rs, j);
			if (len * esz > bufcap) {
				bufcap = len * esz;
				free(buf);
				buf = malloc(bufcap);
				if (!buf)
					upcr_fatal("out-of-memory", loc, "collective: out of memory");
			}
			ty->scan(op, fn, j == 0 ? NULL : offs + m * esz, run_addr(rs, j), buf, len);
			upcr_coll_count_local(len * esz);
			put_elems(pdst, rs->blk, esz, run_start(rs, j), buf, len, loc);
		}
	}
	free(buf);
	free(pending);
	if (me == 0 && have)
		memcpy(result, carry, esz);
}

static void coll_reduce(const coll_type_t *ty, const char *name, upcr_sptr_t dst, upcr_sptr_t src, int op,
			size_t nelems, size_t blk, upcr_anyfn_t fn, upc_flag_t flags, upcr_loc_t loc)
{
	upcr_coll_begin_op(name, dst, src, op, nelems, blk, fn, flags, ty->esz, ty->isfloat, loc);
	coll_seq++;
	if (op == UPC_NONCOMM_FUNC)
		upcr_coll_in_sync(flags);
	else if ((flags & 3) == UPC_IN_ALLSYNC)
		upcr_coll_barrier();
	int T = THREADS, me = upcr_mythread_;
	size_t esz = ty->esz;
	runs_t rs = make_runs(src, nelems, blk, esz);
	unsigned char acc[16];
	int have = 0;
	if (op == UPC_NONCOMM_FUNC) {
		ordered_combine(ty, &rs, op, fn, UPCR_NULL, 0, acc, loc);
		have = me == 0 && nelems > 0;
	} else {
		/* my partial, in element order */
		for (size_t j = first_run(&rs, me); j < rs.nruns; j += run_step(&rs)) {
			const char *a = run_addr(&rs, j);
			size_t len = run_len(&rs, j);
			if (!have) {
				memcpy(acc, a, esz);
				ty->fold(op, fn, acc, a + esz, len - 1);
				have = 1;
			} else {
				ty->fold(op, fn, acc, a, len);
			}
			upcr_coll_count_local(len * esz);
		}
		/* binomial tree rooted at thread 0: absorb children me + 2^k
		 * (2^k < lowbit(me)) in increasing k, so the subtree of me
		 * covers threads [me, me + 2^k) in thread order */
		int lim = me == 0 ? T : lowbit(me);
		for (int k = 1; k < lim && me + k < T; k *= 2) {
			int child = me + k;
			wait_reach(sc_flag(child, SC_FLAG_RED), coll_seq);
			char *slot = sc(child) + SC_SLOT;
			upcr_coll_account(child, esz + 1, loc);
			if (slot[16]) {
				if (!have) {
					memcpy(acc, slot, esz);
					have = 1;
				} else {
					ty->fold(op, fn, acc, slot, 1);
				}
			}
			set_flag(sc_flag(child, SC_FLAG_ACK), coll_seq); /* the child may reuse its slot */
		}
		if (me != 0) {
			char *slot = sc(me) + SC_SLOT;
			if (red_any) /* the parent has read the previous partial */
				wait_reach(sc_flag(me, SC_FLAG_ACK), red_published);
			if (have)
				memcpy(slot, acc, esz);
			slot[16] = (char)have;
			red_published = coll_seq;
			red_any = 1;
			set_flag(sc_flag(me, SC_FLAG_RED), coll_seq);
		}
	}
	if (me == 0 && have) {
		memcpy(upcr_addr(dst), acc, esz);
		upcr_coll_account((int)dst.thread, esz, loc);
	}
	/* OUT_MYSYNC: the result's thread returns once the root has written
	 * it, which is at once when the root is that thread */
	int out = flags & 12;
	if (op == UPC_NONCOMM_FUNC || out == UPC_OUT_ALLSYNC ||
	    (out == UPC_OUT_MYSYNC && T > 1 && (int)(dst.thread % (uint32_t)T) != 0))
		upcr_coll_barrier();
	upcr_coll_exit();
}

static void coll_prefix(const coll_type_t *ty, const char *name, upcr_sptr_t dst, upcr_sptr_t src, int op,
			size_t nelems, size_t blk, upcr_anyfn_t fn, upc_flag_t flags, upcr_loc_t loc)
{
	upcr_coll_begin_op(name, dst, src, op, nelems, blk, fn, flags, ty->esz, ty->isfloat, loc);
	coll_seq++;
	upcr_coll_in_sync(flags);
	runs_t rs = make_runs(src, nelems, blk, ty->esz);
	unsigned char acc[16];
	ordered_combine(ty, &rs, op, fn, dst, 1, acc, loc);
	upcr_coll_barrier();
	upcr_coll_exit();
}
