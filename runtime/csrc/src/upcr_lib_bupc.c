/*
 * upcr_lib_bupc.c - Berkeley UPC extensions: thread distance, polling, and
 * the strided, fixed-stride (fstrided), vector (vlist) and indexed (ilist)
 * copies and their asynchronous forms.  (Timers are in
 * upcr_lib_tick.c, pointer conversions in upcr_lib_cast.c, asynchronous
 * copies in upcr_lib_nb.c.)
 *
 * The shared side of a strided, vector or indexed copy is addressed as
 * shared [] char: byte offsets inside the partition of the pointer's
 * thread.  One call moves its data as one bulk operation per run of
 * consecutive shared chunks on the same thread: counted in bulk_local or
 * bulk_remote (with the bytes) and, when remote, charged to the network
 * model as one message - the way an implementation packs such a transfer.
 */
#include "upcr.h"

#include <stdio.h>
#include <stdlib.h>

void upcr_bupc_poll(upcr_loc_t loc) { (void)loc; }

/* All threads are processes of one host that share the segment. */
int upcr_bupc_thread_distance(int threadA, int threadB, upcr_loc_t loc)
{
	if (threadA < 0 || threadA >= upcr_threads_ || threadB < 0 || threadB >= upcr_threads_)
		upcr_fatal("bad-thread", loc, "thread %d calls bupc_thread_distance with thread %d (THREADS is %d)",
			   upcr_mythread_, threadA < 0 || threadA >= upcr_threads_ ? threadA : threadB, upcr_threads_);
	return threadA == threadB ? BUPC_THREADS_SAME : BUPC_THREADS_NEAR;
}

void bupc_exit(int exitcode) { exit(exitcode); }

upcr_sptr_t upcr_bupc_ptradd(upcr_sptr_t p, size_t blockelems, size_t elemsz, ptrdiff_t elemincr, upcr_loc_t loc)
{
	(void)loc;
	return upcr_add(p, (int64_t)elemincr, elemsz, blockelems);
}

static char trace_mask[256];
static int trace_local;

void upcr_bupc_trace_setmask(const char *newmask, upcr_loc_t loc)
{
	(void)loc;
	snprintf(trace_mask, sizeof trace_mask, "%s", newmask ? newmask : "");
}

const char *upcr_bupc_trace_getmask(upcr_loc_t loc)
{
	(void)loc;
	return trace_mask;
}

int upcr_bupc_trace_gettracelocal(upcr_loc_t loc)
{
	(void)loc;
	return trace_local;
}

void upcr_bupc_trace_settracelocal(int val, upcr_loc_t loc)
{
	(void)loc;
	trace_local = val;
}

/* ---- accounting ---- */

/* A batch of bytes moved to or from thread t's memory by one call. */
typedef struct {
	int thread;
	size_t bytes;
} batch_t;

static void flush(batch_t *b, upcr_loc_t loc)
{
	if (b->thread < 0 || b->bytes == 0) {
		b->bytes = 0;
		return;
	}
	if (THREADS == 1 || b->thread == upcr_mythread_) {
		upcr_ctr_.bulk_local++;
		upcr_ctr_.bulk_local_bytes += b->bytes;
	} else {
		upcr_ctr_.bulk_remote++;
		upcr_ctr_.bulk_remote_bytes += b->bytes;
		upcr_model_transfer(b->thread, b->bytes, loc);
	}
	b->bytes = 0;
}

static void add(batch_t *b, int thread, size_t n, upcr_loc_t loc)
{
	if (b->thread != thread) {
		flush(b, loc);
		b->thread = thread;
	}
	b->bytes += n;
}

/* The address of n bytes at p + off (shared [] char), after checking that
 * they lie inside the pointer's partition. */
static char *shared_at(upcr_sptr_t p, size_t off, size_t n, const char *fn, upcr_loc_t loc)
{
	if (upcr_isnull(p) || p.thread >= (uint32_t)upcr_threads_ || p.off + off + n > upcr_partsize_) {
		char where[256];
		snprintf(where, sizeof where, "%s:%d", upcr_file_name(loc), UPCR_LOC_LINE(loc));
		upcr_fatal(upcr_isnull(p) ? "null-pointer" : "bad-pointer", loc,
			   "thread %d calls %s at %s with a shared %s (thread %u, offset %llu + %zu bytes)",
			   upcr_mythread_, fn, where, upcr_isnull(p) ? "null pointer" : "range outside the shared segment",
			   p.thread, (unsigned long long)p.off, off + n);
	}
	return (char *)upcr_addr(p) + off;
}

/* ---- strided ---- */

/* Chunk i (row-major over count[1..levels]) is at sum_k idx_k * stride[k-1]. */
enum { S_PUT, S_GET, S_CPY };

static void strided(int kind, const char *fn, upcr_sptr_t sdst, void *ldst, const size_t dststrides[],
		    upcr_sptr_t ssrc, const void *lsrc, const size_t srcstrides[], const size_t count[],
		    size_t levels, upcr_loc_t loc)
{
	if (levels > 0 && (!dststrides || !srcstrides))
		upcr_fatal("bad-args", loc, "thread %d calls %s with null stride arrays", upcr_mythread_, fn);
	size_t chunk = count[0], nchunks = 1;
	for (size_t k = 1; k <= levels; k++)
		nchunks *= count[k];
	if (chunk == 0 || nchunks == 0)
		return;
	batch_t bs = {-1, 0}, bd = {-1, 0};
	size_t idx[64] = {0};
	if (levels >= 64)
		upcr_fatal("bad-args", loc, "thread %d calls %s with %zu stride levels (at most 63)", upcr_mythread_, fn,
			   levels);
	for (size_t c = 0; c < nchunks; c++) {
		size_t doff = 0, soff = 0;
		for (size_t k = 1; k <= levels; k++) {
			doff += idx[k] * dststrides[k - 1];
			soff += idx[k] * srcstrides[k - 1];
		}
		const char *s = kind == S_PUT ? (const char *)lsrc + soff : shared_at(ssrc, soff, chunk, fn, loc);
		char *d = kind == S_GET ? (char *)ldst + doff : shared_at(sdst, doff, chunk, fn, loc);
		memmove(d, s, chunk);
		/* a shared-to-shared copy counts once, against the remote side */
		if (kind == S_GET || (kind == S_CPY && !upcr_is_local(ssrc)))
			add(&bs, (int)ssrc.thread, chunk, loc);
		else
			add(&bd, (int)sdst.thread, chunk, loc);
		for (size_t k = 1; k <= levels; k++) { /* next index, level 1 fastest */
			if (++idx[k] < count[k])
				break;
			idx[k] = 0;
		}
	}
	flush(&bs, loc);
	flush(&bd, loc);
}

void upcr_bupc_memcpy_strided(upcr_sptr_t dst, const size_t dststrides[], upcr_sptr_t src, const size_t srcstrides[],
			      const size_t count[], size_t stridelevels, upcr_loc_t loc)
{
	strided(S_CPY, "bupc_memcpy_strided", dst, NULL, dststrides, src, NULL, srcstrides, count, stridelevels, loc);
}

void upcr_bupc_memput_strided(upcr_sptr_t dst, const size_t dststrides[], const void *src,
			      const size_t srcstrides[], const size_t count[], size_t stridelevels, upcr_loc_t loc)
{
	strided(S_PUT, "bupc_memput_strided", dst, NULL, dststrides, UPCR_NULL, src, srcstrides, count, stridelevels,
		loc);
}

void upcr_bupc_memget_strided(void *dst, const size_t dststrides[], upcr_sptr_t src, const size_t srcstrides[],
			      const size_t count[], size_t stridelevels, upcr_loc_t loc)
{
	strided(S_GET, "bupc_memget_strided", UPCR_NULL, dst, dststrides, src, NULL, srcstrides, count, stridelevels,
		loc);
}

bupc_handle_t upcr_bupc_memcpy_strided_async(upcr_sptr_t dst, const size_t dststrides[], upcr_sptr_t src,
					     const size_t srcstrides[], const size_t count[], size_t stridelevels,
					     upcr_loc_t loc)
{
	strided(S_CPY, "bupc_memcpy_strided_async", dst, NULL, dststrides, src, NULL, srcstrides, count, stridelevels,
		loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

bupc_handle_t upcr_bupc_memput_strided_async(upcr_sptr_t dst, const size_t dststrides[], const void *src,
					     const size_t srcstrides[], const size_t count[], size_t stridelevels,
					     upcr_loc_t loc)
{
	strided(S_PUT, "bupc_memput_strided_async", dst, NULL, dststrides, UPCR_NULL, src, srcstrides, count,
		stridelevels, loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

bupc_handle_t upcr_bupc_memget_strided_async(void *dst, const size_t dststrides[], upcr_sptr_t src,
					     const size_t srcstrides[], const size_t count[], size_t stridelevels,
					     upcr_loc_t loc)
{
	strided(S_GET, "bupc_memget_strided_async", UPCR_NULL, dst, dststrides, src, NULL, srcstrides, count,
		stridelevels, loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

/* ---- vector, indexed and fixed-stride lists ---- */

/* A list of regions on one side of a copy: private (p) or shared (s,
 * addressed as shared [] char).  The destination and source lists are
 * walked together; their total lengths must agree.  An indexed list is a
 * vector list of equal lengths, a fixed-stride one a vector list of
 * equally spaced chunks (Berkeley UPC VIS extensions). */
typedef struct {
	size_t n, i, off;
	const bupc_pmemvec_t *p; /* private list, or */
	const bupc_smemvec_t *s; /* shared list */
} cursor_t;

static size_t cur_len(const cursor_t *c) { return c->p ? c->p[c->i].len : c->s[c->i].len; }

static void skip_empty(cursor_t *c)
{
	while (c->i < c->n && cur_len(c) == c->off) {
		c->i++;
		c->off = 0;
	}
}

static size_t total(const cursor_t *c)
{
	size_t t = 0;
	for (size_t i = 0; i < c->n; i++)
		t += c->p ? c->p[i].len : c->s[i].len;
	return t;
}

/* The address of the next n bytes of cursor c. */
static char *cur_addr(const cursor_t *c, size_t n, const char *fn, upcr_loc_t loc)
{
	if (c->p)
		return (char *)c->p[c->i].addr + c->off;
	return shared_at(c->s[c->i].addr, c->off, n, fn, loc);
}

/* One bulk operation per run of consecutive regions on the same thread;
 * a shared-to-shared copy counts once, against its remote side. */
static void vlist(const char *fn, cursor_t d, cursor_t s, upcr_loc_t loc)
{
	size_t td = total(&d), ts = total(&s);
	if (td != ts)
		upcr_fatal("bad-args", loc, "thread %d calls %s with %zu destination bytes but %zu source bytes",
			   upcr_mythread_, fn, td, ts);
	batch_t b = {-1, 0};
	for (;;) {
		skip_empty(&d);
		skip_empty(&s);
		if (d.i >= d.n || s.i >= s.n)
			break;
		size_t n = cur_len(&d) - d.off, m = cur_len(&s) - s.off;
		if (m < n)
			n = m;
		char *da = cur_addr(&d, n, fn, loc);
		const char *sa = cur_addr(&s, n, fn, loc);
		memmove(da, sa, n);
		upcr_sptr_t sp = s.s && (!d.s || !upcr_is_local(s.s[s.i].addr)) ? s.s[s.i].addr
										     : d.s[d.i].addr;
		add(&b, (int)sp.thread, n, loc);
		d.off += n;
		s.off += n;
	}
	flush(&b, loc);
}

static cursor_t pcursor(size_t n, const bupc_pmemvec_t *l) { return (cursor_t){n, 0, 0, l, NULL}; }
static cursor_t scursor(size_t n, const bupc_smemvec_t *l) { return (cursor_t){n, 0, 0, NULL, l}; }

void upcr_bupc_memcpy_vlist(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount,
			    bupc_smemvec_t const srclist[], upcr_loc_t loc)
{
	vlist("bupc_memcpy_vlist", scursor(dstcount, dstlist), scursor(srccount, srclist), loc);
}

void upcr_bupc_memput_vlist(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount,
			    bupc_pmemvec_t const srclist[], upcr_loc_t loc)
{
	vlist("bupc_memput_vlist", scursor(dstcount, dstlist), pcursor(srccount, srclist), loc);
}

void upcr_bupc_memget_vlist(size_t dstcount, bupc_pmemvec_t const dstlist[], size_t srccount,
			    bupc_smemvec_t const srclist[], upcr_loc_t loc)
{
	vlist("bupc_memget_vlist", pcursor(dstcount, dstlist), scursor(srccount, srclist), loc);
}

/* The asynchronous forms complete before they return (as every copy of
 * this runtime does) and hand back a handle for bupc_waitsync/trysync. */
bupc_handle_t upcr_bupc_memcpy_vlist_async(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount,
					   bupc_smemvec_t const srclist[], upcr_loc_t loc)
{
	vlist("bupc_memcpy_vlist_async", scursor(dstcount, dstlist), scursor(srccount, srclist), loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

bupc_handle_t upcr_bupc_memput_vlist_async(size_t dstcount, bupc_smemvec_t const dstlist[], size_t srccount,
					   bupc_pmemvec_t const srclist[], upcr_loc_t loc)
{
	vlist("bupc_memput_vlist_async", scursor(dstcount, dstlist), pcursor(srccount, srclist), loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

bupc_handle_t upcr_bupc_memget_vlist_async(size_t dstcount, bupc_pmemvec_t const dstlist[], size_t srccount,
					   bupc_smemvec_t const srclist[], upcr_loc_t loc)
{
	vlist("bupc_memget_vlist_async", pcursor(dstcount, dstlist), scursor(srccount, srclist), loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

/* A list side built from an indexed or fixed-stride description; freed
 * by side_free. */
typedef struct {
	cursor_t c;
	void *mem;
} side_t;

static void *xmalloc(size_t n, const char *fn, upcr_loc_t loc)
{
	void *m = malloc(n ? n : 1);
	if (!m)
		upcr_fatal("out-of-memory", loc, "thread %d: out of memory in %s", upcr_mythread_, fn);
	return m;
}

/* count regions of len bytes: list[i] (ilist), or base + i*stride (fstrided,
 * list NULL).  shared: the addresses are pointers-to-shared. */
static side_t side(int shared, size_t count, const void *list, const void *pbase, upcr_sptr_t sbase, size_t len,
		   size_t stride, const char *fn, upcr_loc_t loc)
{
	side_t r = {{count, 0, 0, NULL, NULL}, NULL};
	if (!list && count > 0 && len > 0) {
		if (stride < len)
			upcr_fatal("bad-args", loc, "thread %d calls %s with a chunk stride of %zu < chunk length %zu",
				   upcr_mythread_, fn, stride, len);
		if (shared ? upcr_isnull(sbase) : pbase == NULL)
			upcr_fatal("null-pointer", loc, "thread %d calls %s with a null address", upcr_mythread_, fn);
	}
	if (shared) {
		bupc_smemvec_t *v = xmalloc(count * sizeof *v, fn, loc);
		for (size_t i = 0; i < count; i++) {
			v[i].addr = list ? ((const upcr_sptr_t *)list)[i] : sbase;
			if (!list)
				v[i].addr.off += i * stride;
			v[i].len = len;
		}
		r.c.s = v;
		r.mem = v;
	} else {
		bupc_pmemvec_t *v = xmalloc(count * sizeof *v, fn, loc);
		for (size_t i = 0; i < count; i++) {
			v[i].addr = list ? ((void *const *)list)[i] : (char *)pbase + i * stride;
			v[i].len = len;
		}
		r.c.p = v;
		r.mem = v;
	}
	return r;
}

static void copy_sides(const char *fn, side_t d, side_t s, upcr_loc_t loc)
{
	vlist(fn, d.c, s.c, loc);
	free(d.mem);
	free(s.mem);
}

void upcr_bupc_memcpy_ilist(size_t dstcount, upcr_sptr_t const dstlist[], size_t dstlen, size_t srccount,
			    upcr_sptr_t const srclist[], size_t srclen, upcr_loc_t loc)
{
	const char *fn = "bupc_memcpy_ilist";
	copy_sides(fn, side(1, dstcount, dstlist, NULL, UPCR_NULL, dstlen, 0, fn, loc),
		   side(1, srccount, srclist, NULL, UPCR_NULL, srclen, 0, fn, loc), loc);
}

void upcr_bupc_memput_ilist(size_t dstcount, upcr_sptr_t const dstlist[], size_t dstlen, size_t srccount,
			    void const *const srclist[], size_t srclen, upcr_loc_t loc)
{
	const char *fn = "bupc_memput_ilist";
	copy_sides(fn, side(1, dstcount, dstlist, NULL, UPCR_NULL, dstlen, 0, fn, loc),
		   side(0, srccount, srclist, NULL, UPCR_NULL, srclen, 0, fn, loc), loc);
}

void upcr_bupc_memget_ilist(size_t dstcount, void *const dstlist[], size_t dstlen, size_t srccount,
			    upcr_sptr_t const srclist[], size_t srclen, upcr_loc_t loc)
{
	const char *fn = "bupc_memget_ilist";
	copy_sides(fn, side(0, dstcount, dstlist, NULL, UPCR_NULL, dstlen, 0, fn, loc),
		   side(1, srccount, srclist, NULL, UPCR_NULL, srclen, 0, fn, loc), loc);
}

bupc_handle_t upcr_bupc_memcpy_ilist_async(size_t dstcount, upcr_sptr_t const dstlist[], size_t dstlen,
					   size_t srccount, upcr_sptr_t const srclist[], size_t srclen, upcr_loc_t loc)
{
	const char *fn = "bupc_memcpy_ilist_async";
	copy_sides(fn, side(1, dstcount, dstlist, NULL, UPCR_NULL, dstlen, 0, fn, loc),
		   side(1, srccount, srclist, NULL, UPCR_NULL, srclen, 0, fn, loc), loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

bupc_handle_t upcr_bupc_memput_ilist_async(size_t dstcount, upcr_sptr_t const dstlist[], size_t dstlen,
					   size_t srccount, void const *const srclist[], size_t srclen, upcr_loc_t loc)
{
	const char *fn = "bupc_memput_ilist_async";
	copy_sides(fn, side(1, dstcount, dstlist, NULL, UPCR_NULL, dstlen, 0, fn, loc),
		   side(0, srccount, srclist, NULL, UPCR_NULL, srclen, 0, fn, loc), loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

bupc_handle_t upcr_bupc_memget_ilist_async(size_t dstcount, void *const dstlist[], size_t dstlen, size_t srccount,
					   upcr_sptr_t const srclist[], size_t srclen, upcr_loc_t loc)
{
	const char *fn = "bupc_memget_ilist_async";
	copy_sides(fn, side(0, dstcount, dstlist, NULL, UPCR_NULL, dstlen, 0, fn, loc),
		   side(1, srccount, srclist, NULL, UPCR_NULL, srclen, 0, fn, loc), loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

/* fstrided: chunkcount chunks of chunklen bytes, chunkstride bytes apart. */

void upcr_bupc_memcpy_fstrided(upcr_sptr_t dst, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount,
			       upcr_sptr_t src, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount,
			       upcr_loc_t loc)
{
	const char *fn = "bupc_memcpy_fstrided";
	copy_sides(fn, side(1, dstchunkcount, NULL, NULL, dst, dstchunklen, dstchunkstride, fn, loc),
		   side(1, srcchunkcount, NULL, NULL, src, srcchunklen, srcchunkstride, fn, loc), loc);
}

void upcr_bupc_memput_fstrided(upcr_sptr_t dst, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount,
			       void *src, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount,
			       upcr_loc_t loc)
{
	const char *fn = "bupc_memput_fstrided";
	copy_sides(fn, side(1, dstchunkcount, NULL, NULL, dst, dstchunklen, dstchunkstride, fn, loc),
		   side(0, srcchunkcount, NULL, src, UPCR_NULL, srcchunklen, srcchunkstride, fn, loc), loc);
}

void upcr_bupc_memget_fstrided(void *dst, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount,
			       upcr_sptr_t src, size_t srcchunklen, size_t srcchunkstride, size_t srcchunkcount,
			       upcr_loc_t loc)
{
	const char *fn = "bupc_memget_fstrided";
	copy_sides(fn, side(0, dstchunkcount, NULL, dst, UPCR_NULL, dstchunklen, dstchunkstride, fn, loc),
		   side(1, srcchunkcount, NULL, NULL, src, srcchunklen, srcchunkstride, fn, loc), loc);
}

bupc_handle_t upcr_bupc_memcpy_fstrided_async(upcr_sptr_t dst, size_t dstchunklen, size_t dstchunkstride,
					      size_t dstchunkcount, upcr_sptr_t src, size_t srcchunklen,
					      size_t srcchunkstride, size_t srcchunkcount, upcr_loc_t loc)
{
	const char *fn = "bupc_memcpy_fstrided_async";
	copy_sides(fn, side(1, dstchunkcount, NULL, NULL, dst, dstchunklen, dstchunkstride, fn, loc),
		   side(1, srcchunkcount, NULL, NULL, src, srcchunklen, srcchunkstride, fn, loc), loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

bupc_handle_t upcr_bupc_memput_fstrided_async(upcr_sptr_t dst, size_t dstchunklen, size_t dstchunkstride,
					      size_t dstchunkcount, void *src, size_t srcchunklen,
					      size_t srcchunkstride, size_t srcchunkcount, upcr_loc_t loc)
{
	const char *fn = "bupc_memput_fstrided_async";
	copy_sides(fn, side(1, dstchunkcount, NULL, NULL, dst, dstchunklen, dstchunkstride, fn, loc),
		   side(0, srcchunkcount, NULL, src, UPCR_NULL, srcchunklen, srcchunkstride, fn, loc), loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}

bupc_handle_t upcr_bupc_memget_fstrided_async(void *dst, size_t dstchunklen, size_t dstchunkstride,
					      size_t dstchunkcount, upcr_sptr_t src, size_t srcchunklen,
					      size_t srcchunkstride, size_t srcchunkcount, upcr_loc_t loc)
{
	const char *fn = "bupc_memget_fstrided_async";
	copy_sides(fn, side(0, dstchunkcount, NULL, dst, UPCR_NULL, dstchunklen, dstchunkstride, fn, loc),
		   side(1, srcchunkcount, NULL, NULL, src, srcchunklen, srcchunkstride, fn, loc), loc);
	return (bupc_handle_t)upcr_nb_handle_new(loc);
}
