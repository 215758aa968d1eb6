/*
 * upcr_alloc.c - the SMP backend's shared heaps (7.2.2) and locks
 * (7.2.4), under the allocation functions of upcr_alloc_common.c.
 *
 * Each partition ends with the heap area [heap_start, partsize).  The
 * symmetric heap (upc_global_alloc, upc_all_alloc) grows up from
 * heap_start at the same offset in every partition, so one offset serves
 * all threads; each thread's local heap (upc_alloc, locks) grows down from
 * the end of its partition.  Blocks are contiguous, each preceded by a
 * 64-byte header recording its state, so a double free is detected and
 * --check can find the block a bulk copy touches.  One futex mutex guards
 * all heap state: allocation is rare next to access, and one lock keeps
 * the symmetric/local boundary simple to get right.
 */
#include "upcr_internal.h"

#define HDR UPCR_HDR_SIZE
#define ALIGN 64
/* Unused bytes at the end of each partition, above the local heap: a read
 * a few bytes past the end of the first upc_alloc block (a copy loop that
 * rounds up to its struct size) lands here, not in the next partition's
 * guard page. */
#define TAIL 64

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

static uint64_t *loc_bot(int t) { return (uint64_t *)(upcr_seg_ + upcr_ctl_->loc_bot_off) + t; }
static uint64_t *loc_free(int t) { return (uint64_t *)(upcr_seg_ + upcr_ctl_->loc_free_off) + t; }

upcr_hdr_t *upcr_hdr_at(int thread, uint64_t off)
{
	return (upcr_hdr_t *)(upcr_partbase_ + (size_t)thread * upcr_partsize_ + off - HDR);
}

/* Called by the launcher before forking. */
void upcr_heap_init(void)
{
	upcr_ctl_t *c = upcr_ctl_;
	c->sym_top = c->heap_start;
	c->sym_free = 0;
	c->heap_gen = 0;
	for (int t = 0; t < upcr_threads_; t++) {
		*loc_bot(t) = c->partsize - TAIL;
		*loc_free(t) = 0;
	}
}

static uint64_t min_loc_bot(void)
{
	uint64_t m = upcr_ctl_->partsize;
	for (int t = 0; t < upcr_threads_; t++)
		if (*loc_bot(t) < m)
			m = *loc_bot(t);
	return m;
}

/* The first block of at least *size bytes in the free list at *link
 * (headers in partition t), unlinked; *size becomes its size.  0 if none. */
static uint64_t first_fit(uint64_t *link, int t, uint64_t *size)
{
	while (*link) {
		upcr_hdr_t *h = upcr_hdr_at(t, *link);
		if (h->size >= *size) {
			uint64_t off = *link;
			*link = h->next;
			*size = h->size;
			return off;
		}
		link = &h->next;
	}
	return 0;
}

/* Symmetric block of `size` bytes per partition; returns the data offset
 * or 0.  Caller holds the heap lock. */
static uint64_t sym_alloc(uint64_t size, uint32_t kind, uint64_t blockbytes, uint64_t nblocks, upcr_loc_t loc)
{
	upcr_ctl_t *c = upcr_ctl_;
	size = round_up(size ? size : 1, ALIGN);
	/* the headers of thread 0 carry the free list's links */
	uint64_t off = first_fit(&c->sym_free, 0, &size);
	if (!off) {
		if (c->sym_top + HDR + size > min_loc_bot())
			return 0;
		off = c->sym_top + HDR;
		c->sym_top += HDR + size;
	}
	for (int t = 0; t < upcr_threads_; t++)
		upcr_hdr_init(upcr_hdr_at(t, off), kind, size, blockbytes, nblocks, loc);
	return off;
}

static uint64_t local_alloc(int t, uint64_t size, uint32_t kind, upcr_loc_t loc)
{
	upcr_ctl_t *c = upcr_ctl_;
	uint64_t want = size;
	size = round_up(size ? size : 1, ALIGN);
	uint64_t off = first_fit(loc_free(t), t, &size);
	if (!off) {
		uint64_t bot = *loc_bot(t);
		if (bot < c->sym_top + HDR + size)
			return 0;
		bot -= HDR + size;
		*loc_bot(t) = bot;
		off = bot + HDR;
	}
	upcr_hdr_init(upcr_hdr_at(t, off), kind, size, want, 1, loc);
	return off;
}

uint64_t upcr_heap_sym_alloc(uint64_t per, uint32_t kind, uint64_t nbytes, uint64_t nblocks, upcr_loc_t loc)
{
	upcr_mutex_lock(&upcr_ctl_->heap_lock);
	uint64_t off = sym_alloc(per, kind, nbytes, nblocks, loc);
	upcr_mutex_unlock(&upcr_ctl_->heap_lock);
	return off;
}

uint64_t upcr_heap_local_alloc(uint64_t n, uint32_t kind, upcr_loc_t loc)
{
	upcr_mutex_lock(&upcr_ctl_->heap_lock);
	uint64_t off = local_alloc(upcr_mythread_, n, kind, loc);
	upcr_mutex_unlock(&upcr_ctl_->heap_lock);
	return off;
}

/* Thread 0's result in the control region, read after the barrier. */
upcr_sptr_t upcr_heap_coll_result(upcr_sptr_t r)
{
	if (upcr_mythread_ == 0)
		upcr_ctl_->coll_result = r;
	upcr_coll_barrier();
	return upcr_ctl_->coll_result;
}

/* Validate and release a block. */
void upcr_heap_free(upcr_sptr_t p, const char *fn, int want_lock, upcr_loc_t loc)
{
	char where[256];
	upcr_format_loc(where, sizeof where, loc);
	if (p.thread >= (uint32_t)upcr_threads_ || p.off < upcr_ctl_->heap_start + HDR || p.off > upcr_partsize_ ||
	    upcr_hdr_at((int)p.thread, p.off)->magic != UPCR_HDR_MAGIC)
		upcr_fatal("bad-free", loc,
			   "thread %d calls %s at %s with a pointer that was not returned by an allocation function",
			   upcr_mythread_, fn, where);
	upcr_mutex_lock(&upcr_ctl_->heap_lock);
	upcr_hdr_t *h = upcr_hdr_at((int)p.thread, p.off);
	if (h->state == UPCR_HDR_FREE) {
		char al[256], fr[256];
		upcr_format_loc(al, sizeof al, h->alloc_loc);
		upcr_format_loc(fr, sizeof fr, h->free_loc);
		int ft = h->free_thread;
		upcr_mutex_unlock(&upcr_ctl_->heap_lock);
		upcr_fatal("double-free", loc,
			   "double free: thread %d calls %s at %s on memory allocated at %s and already freed by "
			   "thread %d at %s",
			   upcr_mythread_, fn, where, al, ft, fr);
	}
	if (h->kind == UPCR_HK_LOCK && !want_lock) {
		/* UPC 1.2 freed locks with upc_free (upc_lock_free came in 1.3):
		 * accepted with a warning */
		upcr_mutex_unlock(&upcr_ctl_->heap_lock);
		upcr_warn("lock-free", loc,
			  "thread %d calls %s at %s on a lock: UPC 1.3 frees locks with upc_lock_free (the lock is "
			  "freed)",
			  upcr_mythread_, fn, where);
		upcr_heap_release_lock(p, fn, loc);
		return;
	}
	if ((h->kind == UPCR_HK_LOCK) != want_lock) {
		upcr_mutex_unlock(&upcr_ctl_->heap_lock);
		upcr_fatal("bad-free", loc, "thread %d calls %s at %s on memory that is not a lock", upcr_mythread_,
			   fn, where);
	}
	int sym = h->kind == UPCR_HK_GLOBAL || h->kind == UPCR_HK_ALL;
	if (sym) {
		for (int t = 0; t < upcr_threads_; t++) {
			upcr_hdr_t *ht = upcr_hdr_at(t, p.off);
			ht->state = UPCR_HDR_FREE;
			ht->free_loc = loc;
			ht->free_thread = upcr_mythread_;
		}
		h = upcr_hdr_at(0, p.off);
		h->next = upcr_ctl_->sym_free;
		upcr_ctl_->sym_free = p.off;
	} else {
		h->state = UPCR_HDR_FREE;
		h->free_loc = loc;
		h->free_thread = upcr_mythread_;
		h->next = *loc_free((int)p.thread);
		*loc_free((int)p.thread) = p.off;
	}
	__atomic_add_fetch(&upcr_ctl_->heap_gen, 1, __ATOMIC_RELEASE);
	upcr_mutex_unlock(&upcr_ctl_->heap_lock);
	upcr_ctr_.frees++;
}

/* ---- locks ---- */

void upcr_heap_release_lock(upcr_sptr_t l, const char *fn, upcr_loc_t loc)
{
	char where[256];
	upcr_format_loc(where, sizeof where, loc);
	if (l.thread >= (uint32_t)upcr_threads_ || l.off < upcr_ctl_->heap_start + HDR || l.off > upcr_partsize_)
		upcr_fatal("bad-lock", loc, "thread %d calls %s at %s with an invalid lock pointer", upcr_mythread_,
			   fn, where);
	upcr_lockobj_t *o = (upcr_lockobj_t *)upcr_addr(l);
	upcr_hdr_t *h = upcr_hdr_at((int)l.thread, l.off);
	if (h->magic == UPCR_HDR_MAGIC && h->kind == UPCR_HK_LOCK && h->state == UPCR_HDR_FREE) {
		char al[256], fr[256];
		upcr_format_loc(al, sizeof al, h->alloc_loc);
		upcr_format_loc(fr, sizeof fr, h->free_loc);
		upcr_fatal("double-free", loc,
			   "double free: thread %d calls %s at %s on a lock allocated at %s and already freed by "
			   "thread %d at %s",
			   upcr_mythread_, fn, where, al, h->free_thread, fr);
	}
	if (o->magic != UPCR_LOCK_MAGIC)
		upcr_fatal("bad-lock", loc, "thread %d calls %s at %s on something that is not a lock", upcr_mythread_,
			   fn, where);
	o->freed = 1;
	upcr_heap_free(l, fn, 1, loc);
}

/* ---- the heap as --check sees it (upcr_lib_check.c) ---- */

void upcr_heap_view_begin(int t, upcr_heap_view_t *v)
{
	upcr_ctl_t *c = upcr_ctl_;
	upcr_mutex_lock(&c->heap_lock);
	v->sym_lo = c->heap_start;
	v->sym_hi = c->sym_top;
	v->loc_lo = *loc_bot(t);
	v->loc_hi = c->partsize - TAIL;
}

void upcr_heap_view_end(void) { upcr_mutex_unlock(&upcr_ctl_->heap_lock); }

int upcr_heap_hdr(int t, uint64_t x, upcr_hdr_t *h)
{
	*h = *upcr_hdr_at(t, x + HDR);
	return h->magic == UPCR_HDR_MAGIC;
}

uint64_t upcr_heap_gen(void) { return __atomic_load_n(&upcr_ctl_->heap_gen, __ATOMIC_ACQUIRE); }
