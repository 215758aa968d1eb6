/*
 * upcr_lib_check.c - --check support, the same on every backend.
 *
 * Shared array subscripts (emitted by the translator when asked,
 * translate.Options.Check) are checked against the array's element count:
 * a subscript outside [0, n) is an "out-of-bounds" warning (recorded once
 * per source line); the access then proceeds as the unchecked one would.
 *
 * Accesses through pointers-to-shared are checked against the extent of
 * the object they land in (upcr_extent_check): outside it is a fatal
 * error.  Bulk copies must also stay inside one block of one thread
 * (upcr_range_check).  Both find the object from the target address
 * alone, from the static layout and the heap's block headers, which each
 * backend shows through upcr_heap_view_begin and upcr_heap_hdr: the SMP
 * runtime reads the segment under its heap lock, the MPI backend reads
 * other ranks' headers with MPI_Get.
 */
#include "upcr_internal.h"

#include <stdio.h>

void upcr_check_bounds(upcr_sptr_t a, int64_t i, int64_t n, upcr_loc_t loc)
{
	(void)a;
	upcr_warn("out-of-bounds", loc,
		  "thread %d indexes a shared array of %lld elements with %lld (valid subscripts are 0 to %lld)",
		  upcr_mythread_, (long long)n, (long long)i, (long long)(n - 1));
}

void upcr_check_access(upcr_sptr_t p, size_t n, int write, upcr_loc_t loc)
{
	upcr_extent_check(p, n, write ? "write" : "read", loc);
}

/* One object's part in one partition. */
typedef struct extent {
	int found;
	uint64_t data;  /* offset of its first byte in the partition */
	uint64_t limit; /* bytes of it with affinity to that partition's thread */
	uint64_t span;  /* bytes reserved for it there (limit rounded up) */
	int stat;       /* static object index, or -1 for a heap block */
	upcr_hdr_t hdr; /* the heap block's header */
} extent_t;

static void static_extent(int i, int t, extent_t *e)
{
	const upcr_shared_decl_t *d = &upcr_shared_[i];
	uint64_t local = upcr_static_local_[i];
	uint64_t total = d->nelems * (d->threads_mult ? (uint64_t)upcr_threads_ : 1) * d->elemsize;
	e->found = 1;
	e->stat = i;
	e->data = upcr_static_off_[i];
	e->limit = upc_affinitysize(total, d->blocksize * d->elemsize, (size_t)t);
	e->span = local ? local : 1;
}

static void heap_extent(const upcr_hdr_t *h, uint64_t data, int t, extent_t *e)
{
	e->found = 1;
	e->stat = -1;
	e->data = data;
	e->hdr = *h;
	e->span = h->size;
	if (h->kind == UPCR_HK_GLOBAL || h->kind == UPCR_HK_ALL)
		e->limit = upc_affinitysize(h->nblocks * h->blockbytes, h->blockbytes, (size_t)t);
	else
		e->limit = h->blockbytes;
}

/* The objects of partition t starting at or below off (*below) and just
 * above it (*above).  Returns 0 for the runtime's own scratch area. */
static int objects_around(int t, uint64_t off, extent_t *below, extent_t *above)
{
	upcr_ctl_t *c = upcr_ctl_;
	below->found = above->found = 0;
	if (off >= c->scratch_off && off < c->heap_start)
		return 0;
	if (off < c->scratch_off) {
		for (int i = 0; i < upcr_nshared_; i++) {
			if (upcr_static_off_[i] <= off) {
				static_extent(i, t, below);
			} else {
				static_extent(i, t, above);
				break;
			}
		}
		return 1;
	}
	/* the symmetric heap (its headers are the same in every partition:
	 * read thread 0's), then t's local heap: both in address order */
	upcr_heap_view_t v;
	upcr_heap_view_begin(t, &v);
	struct {
		int part;
		uint64_t lo, hi;
	} ranges[2] = {{0, v.sym_lo, v.sym_hi}, {t, v.loc_lo, v.loc_hi}};
	for (int r = 0; r < 2 && !above->found; r++) {
		for (uint64_t x = ranges[r].lo; x < ranges[r].hi;) {
			upcr_hdr_t h;
			if (!upcr_heap_hdr(ranges[r].part, x, &h))
				break;
			uint64_t data = x + UPCR_HDR_SIZE;
			if (data <= off) {
				heap_extent(&h, data, t, below);
			} else {
				heap_extent(&h, data, t, above);
				break;
			}
			x = data + (h.size + UPCR_HDR_SIZE - 1) / UPCR_HDR_SIZE * UPCR_HDR_SIZE;
		}
	}
	upcr_heap_view_end();
	return 1;
}

/* ---- bulk ranges must stay inside one block of one thread ----
 * (a range past the end of its object is upcr_extent_check's, below) */

int upcr_range_check(upcr_sptr_t p, size_t n, const char *what, upcr_loc_t loc)
{
	extent_t e, above;
	if (!objects_around((int)p.thread, p.off, &e, &above) || !e.found)
		return 0;
	uint64_t pos = p.off - e.data, bb;
	char obj[128];
	if (e.stat >= 0) {
		const upcr_shared_decl_t *d = &upcr_shared_[e.stat];
		if (pos >= upcr_static_local_[e.stat] || d->blocksize <= 0)
			return 0;
		snprintf(obj, sizeof obj, "'%s'", d->name ? d->name : "?");
		bb = d->blocksize * d->elemsize;
	} else {
		if (pos >= e.span || (e.hdr.kind != UPCR_HK_GLOBAL && e.hdr.kind != UPCR_HK_ALL))
			return 0;
		snprintf(obj, sizeof obj, "a shared allocation");
		bb = e.hdr.blockbytes;
	}
	if (upcr_threads_ < 2 || pos % bb + n <= bb)
		return 0;
	char where[256];
	upcr_format_loc(where, sizeof where, loc);
	upcr_warn("bulk-range", loc,
		  "%s at %s: %zu bytes from thread %u's part of %s crosses a block boundary (a bulk copy treats "
		  "shared memory as shared [] char[n]: the whole range must have affinity to one thread)",
		  what, where, n, p.thread, obj);
	return 1;
}

/* ---- an access must stay inside the object it points into ----
 *
 * An access that lands in another live object is not seen; one that
 * lands in padding, a block header, unallocated heap or the part of an
 * object that has affinity to another thread is an "out-of-bounds" error,
 * one in a freed block a "use-after-free" error.  Checked extents are
 * cached, and the cache is dropped whenever any thread frees
 * (upcr_heap_gen). */

/* "shared object 'a' (64 bytes)" or "a 80-byte block of upc_all_alloc(1, 80) at f.upc:9" */
static void describe(const extent_t *e, char *buf, size_t len)
{
	if (e->stat >= 0) {
		const upcr_shared_decl_t *d = &upcr_shared_[e->stat];
		uint64_t n = d->nelems * (d->threads_mult ? (uint64_t)upcr_threads_ : 1);
		snprintf(buf, len, "shared object '%s' (%llu elements of %llu bytes)", d->name ? d->name : "?",
			 (unsigned long long)n, (unsigned long long)d->elemsize);
		return;
	}
	const upcr_hdr_t *h = &e->hdr;
	char at[256];
	upcr_format_loc(at, sizeof at, h->alloc_loc);
	switch (h->kind) {
	case UPCR_HK_GLOBAL:
	case UPCR_HK_ALL:
		snprintf(buf, len, "the %llu-byte allocation of %s(%llu, %llu) by thread %d at %s",
			 (unsigned long long)(h->nblocks * h->blockbytes),
			 h->kind == UPCR_HK_ALL ? "upc_all_alloc" : "upc_global_alloc", (unsigned long long)h->nblocks,
			 (unsigned long long)h->blockbytes, h->owner, at);
		break;
	case UPCR_HK_LOCAL:
		snprintf(buf, len, "the %llu-byte allocation of upc_alloc(%llu) by thread %d at %s",
			 (unsigned long long)h->blockbytes, (unsigned long long)h->blockbytes, h->owner, at);
		break;
	default:
		snprintf(buf, len, "a lock allocated by thread %d at %s", h->owner, at);
	}
}

static __attribute__((noreturn)) void extent_fail(upcr_sptr_t p, size_t n, const char *what, upcr_loc_t loc,
						  const extent_t *e)
{
	char where[256], obj[600];
	upcr_format_loc(where, sizeof where, loc);
	if (!e) {
		upcr_fatal("out-of-bounds", loc,
			   "thread %d: %s of %zu bytes at %s through a pointer-to-shared (thread %u, offset %llu) "
			   "that points into no shared object or allocation",
			   upcr_mythread_, what, n, where, p.thread, (unsigned long long)p.off);
	}
	describe(e, obj, sizeof obj);
	int64_t pos = (int64_t)(p.off - e->data);
	if (e->stat < 0 && e->hdr.state == UPCR_HDR_FREE && pos >= 0 && (uint64_t)pos < e->span) {
		char fr[256];
		upcr_format_loc(fr, sizeof fr, e->hdr.free_loc);
		upcr_fatal("use-after-free", loc,
			   "thread %d: %s of %zu bytes at %s: use after free of %s, freed by thread %d at %s "
			   "(offset %lld in thread %u's part)",
			   upcr_mythread_, what, n, where, obj, e->hdr.free_thread, fr, (long long)pos, p.thread);
	}
	char valid[96];
	if (e->limit)
		snprintf(valid, sizeof valid, "%llu bytes there, offsets 0 to %llu", (unsigned long long)e->limit,
			 (unsigned long long)(e->limit - 1));
	else
		snprintf(valid, sizeof valid, "no bytes there");
	upcr_fatal("out-of-bounds", loc,
		   "thread %d: %s of %zu bytes at %s is out of bounds: byte offset %lld in thread %u's part of %s, "
		   "which has %s (%s)",
		   upcr_mythread_, what, n, where, (long long)pos, p.thread, obj, valid,
		   pos < 0 ? "before its start" : "past its end");
}

#define EXTENT_CACHE 8
static struct {
	uint64_t gen, lo, hi;
	uint32_t thread, used;
} ext_cache[EXTENT_CACHE];
static unsigned ext_next;

void upcr_extent_check(upcr_sptr_t p, size_t n, const char *what, upcr_loc_t loc)
{
	uint64_t gen = upcr_heap_gen();
	for (int i = 0; i < EXTENT_CACHE; i++)
		if (ext_cache[i].used && ext_cache[i].thread == p.thread && ext_cache[i].gen == gen &&
		    p.off >= ext_cache[i].lo && p.off + n <= ext_cache[i].hi)
			return;
	if (upcr_isnull(p) || p.thread >= (uint32_t)upcr_threads_ || p.off < UPCR_GUARD || p.off >= upcr_partsize_) {
		char where[256];
		upcr_format_loc(where, sizeof where, loc);
		if (upcr_isnull(p))
			upcr_fatal("null-pointer", loc, "thread %d: %s through a null pointer-to-shared at %s",
				   upcr_mythread_, what, where);
		upcr_fatal("bad-pointer", loc,
			   "thread %d: %s at %s through an invalid pointer-to-shared (thread %u, offset %llu)",
			   upcr_mythread_, what, where, p.thread, (unsigned long long)p.off);
	}
	extent_t below, above;
	if (!objects_around((int)p.thread, p.off, &below, &above))
		return; /* the collectives' scratch area */
	if (below.found && p.off + n <= below.data + below.limit) {
		if (below.stat < 0 && below.hdr.state == UPCR_HDR_FREE)
			extent_fail(p, n, what, loc, &below);
		ext_cache[ext_next].used = 1;
		ext_cache[ext_next].thread = p.thread;
		ext_cache[ext_next].gen = gen;
		ext_cache[ext_next].lo = below.data;
		ext_cache[ext_next].hi = below.data + below.limit;
		ext_next = (ext_next + 1) % EXTENT_CACHE;
		return;
	}
	/* out of bounds: blame the object whose reserved part holds the
	 * address, else the nearer of the neighbours */
	if (below.found && (p.off < below.data + below.span || !above.found ||
			    p.off - (below.data + below.limit) < above.data - p.off))
		extent_fail(p, n, what, loc, &below);
	extent_fail(p, n, what, loc, above.found ? &above : NULL);
}
