/*
 * upcr_mpi_alloc.c - the shared heap of the MPI-3 backend (7.2.2, 7.2.3)
 * and its locks (7.2.4), under the allocation functions of
 * upcr_alloc_common.c.
 *
 * In each partition's heap area the symmetric blocks of upc_global_alloc
 * and upc_all_alloc grow up from the bottom, at the same offset in every
 * partition: their top is a 32-bit counter (in 64-byte units) on rank 0
 * advanced with MPI_Fetch_and_op.  The thread's local heap (upc_alloc,
 * locks) grows down from the top, managed by the thread alone with a
 * first-fit free list; it reserves space in 1 MiB steps by lowering a
 * second counter on rank 0, the lowest bottom of all local heaps, with
 * MPI_MIN.  Each side checks the other's counter after moving its own,
 * so the two never overlap.  A block header (the SMP
 * runtime's upcr_hdr_t) sits just below each block, in the partition of
 * the block's pointer; upc_free by any thread turns its state from live
 * to freed with a 32-bit compare-and-swap, which finds double frees.
 * Freed symmetric blocks and local blocks freed by another thread are
 * not reused.
 *
 * Under --check other ranks walk the blocks (upcr_lib_check.c): each rank
 * publishes the bottom of its local heap in its control region's
 * loc_bot[] entry, and every free bumps a generation counter on rank 0.
 */
#include "upcr_backend.h"

#include <sched.h>

#define HDR ((uint64_t)UPCR_HDR_SIZE)

static uint64_t sym_lo, sym_hi, loc_bot, loc_reserved;
static uint64_t loc_free; /* offset of the first free local block, 0 if none */

uint64_t upcr_mpi_hdr_size(void) { return HDR; }

/* this rank's loc_bot[] entry of the control region, which --check reads */
static volatile uint64_t *loc_bot_entry(int t) { return (volatile uint64_t *)(upcr_seg_ + upcr_ctl_->loc_bot_off) + t; }

void upcr_mpi_heap_init(void)
{
	uint64_t start = upcr_ctl_->heap_start, end = upcr_ctl_off_ / 64 * 64;
	sym_lo = start;
	sym_hi = end;
	loc_bot = loc_reserved = end;
	*loc_bot_entry(upcr_mythread_) = end;
	if (upcr_mythread_ == 0) {
		upcr_slot_->symtop = 0;
		upcr_slot_->locmin = (uint32_t)((end - start) / 64);
	}
}

static MPI_Aint slot_field(size_t off) { return upcr_slot_disp() + (MPI_Aint)off; }


/* The lowest bottom of the local heaps (an offset), read atomically. */
static uint64_t local_floor(void)
{
	uint32_t v = upcr_rma_fetch_op32(0, slot_field(offsetof(upcr_mpi_slot_t, locmin)), 0, MPI_NO_OP);
	return sym_lo + (uint64_t)v * 64;
}

static void write_hdr(int thread, uint64_t off, const upcr_hdr_t *h)
{
	upcr_sptr_t p = {off - HDR, (uint32_t)thread, 0};
	if (upcr_is_local(p))
		memcpy(upcr_mybase_ + p.off, h, sizeof *h);
	else {
		upcr_rma_put(thread, upcr_disp(p), h, sizeof *h);
		MPI_Win_flush(thread, upcr_win_);
	}
}

static void read_hdr(int thread, uint64_t off, upcr_hdr_t *h)
{
	upcr_sptr_t p = {off - HDR, (uint32_t)thread, 0};
	if (upcr_is_local(p)) {
		MPI_Win_sync(upcr_win_);
		memcpy(h, upcr_mybase_ + p.off, sizeof *h);
	} else
		upcr_rma_get(h, thread, upcr_disp(p), sizeof *h);
}

/* A symmetric block of `per` bytes per partition; 0 when exhausted. */
uint64_t upcr_heap_sym_alloc(uint64_t per, uint32_t kind, uint64_t nbytes, uint64_t nblocks, upcr_loc_t loc)
{
	per = (per + 63) / 64 * 64; /* the header's size is the block's extent: --check walks the blocks */
	uint64_t units = (HDR + per) / 64;
	if (units > UINT32_MAX)
		return 0;
	MPI_Aint top = slot_field(offsetof(upcr_mpi_slot_t, symtop));
	uint64_t old = upcr_rma_fetch_add32(0, top, (uint32_t)units);
	uint64_t off = sym_lo + old * 64 + HDR;
	if (off + per > sym_hi || old + units > UINT32_MAX || off + per > local_floor())
		return 0; /* the counter stays advanced: the area is full anyway */
	upcr_hdr_t h;
	upcr_hdr_init(&h, kind, per, nbytes, nblocks, loc);
	write_hdr(0, off, &h);
	return off;
}

uint64_t upcr_heap_local_alloc(uint64_t n, uint32_t kind, upcr_loc_t loc)
{
	uint64_t need = (n + 63) / 64 * 64;
	uint64_t *prev = &loc_free;
	for (uint64_t off = loc_free; off;) {
		upcr_hdr_t *h = (upcr_hdr_t *)(upcr_mybase_ + off - HDR);
		if (h->size >= need && h->state == UPCR_HDR_FREE) {
			*prev = h->next;
			uint64_t size = h->size;
			upcr_hdr_init(h, kind, size, n, 1, loc);
			if (upcr_check_)
				MPI_Win_sync(upcr_win_);
			return off;
		}
		prev = &h->next;
		off = h->next;
	}
	if (loc_bot < sym_lo + HDR + need)
		return 0;
	uint64_t bot = loc_bot - HDR - need;
	if (bot < loc_reserved) {
		/* reserve down to the next MiB below, then check the
		 * symmetric top has not passed it */
		uint64_t r = bot > sym_lo + ((uint64_t)1 << 20) ? (bot - ((uint64_t)1 << 20)) / 64 * 64 : sym_lo;
		upcr_rma_fetch_op32(0, slot_field(offsetof(upcr_mpi_slot_t, locmin)), (uint32_t)((r - sym_lo) / 64),
				    MPI_MIN);
		uint32_t top = upcr_rma_fetch_op32(0, slot_field(offsetof(upcr_mpi_slot_t, symtop)), 0, MPI_NO_OP);
		if (sym_lo + (uint64_t)top * 64 > bot)
			return 0;
		loc_reserved = r;
	}
	uint64_t off = bot + HDR;
	upcr_hdr_t *h = (upcr_hdr_t *)(upcr_mybase_ + off - HDR);
	upcr_hdr_init(h, kind, need, n, 1, loc);
	loc_bot = bot;
	*loc_bot_entry(upcr_mythread_) = bot; /* after the header: --check walks from here */
	if (upcr_check_)
		MPI_Win_sync(upcr_win_);
	return off;
}

/* Thread 0's result, broadcast; the barrier after it ends the
 * collective as on the SMP backend. */
upcr_sptr_t upcr_heap_coll_result(upcr_sptr_t r)
{
	MPI_Request rq;
	MPI_Ibcast(&r, sizeof r, MPI_BYTE, 0, MPI_COMM_WORLD, &rq);
	upcr_mpi_wait_req(&rq);
	upcr_coll_barrier();
	return r;
}

static int in_heap(upcr_sptr_t p)
{
	return p.thread < (uint32_t)upcr_threads_ && p.off >= sym_lo + HDR && p.off <= upcr_partsize_;
}

/* Validate and release a block. */
void upcr_heap_free(upcr_sptr_t p, const char *fn, int want_lock, upcr_loc_t loc)
{
	char where[256];
	upcr_format_loc(where, sizeof where, loc);
	upcr_hdr_t h;
	if (in_heap(p))
		read_hdr((int)p.thread, p.off, &h);
	if (!in_heap(p) || h.magic != UPCR_HDR_MAGIC)
		upcr_fatal("bad-free", loc,
			   "thread %d calls %s at %s with a pointer that was not returned by an allocation function",
			   upcr_mythread_, fn, where);
	if (h.kind == UPCR_HK_LOCK && !want_lock && h.state == UPCR_HDR_LIVE) {
		/* UPC 1.2 freed locks with upc_free (upc_lock_free came in 1.3):
		 * accepted with a warning, as on the SMP backend */
		upcr_warn("lock-free", loc,
			  "thread %d calls %s at %s on a lock: UPC 1.3 frees locks with upc_lock_free (the lock is "
			  "freed)",
			  upcr_mythread_, fn, where);
		upcr_heap_release_lock(p, fn, loc);
		return;
	}
	if (h.kind != UPCR_HK_LOCK && want_lock && h.state == UPCR_HDR_LIVE)
		upcr_fatal("bad-free", loc, "thread %d calls %s at %s on memory that is not a lock", upcr_mythread_,
			   fn, where);
	upcr_sptr_t st = {p.off - HDR + offsetof(upcr_hdr_t, state), p.thread, 0};
	uint32_t old = upcr_rma_cas32((int)p.thread, upcr_disp(st), UPCR_HDR_LIVE, UPCR_HDR_FREE);
	if (old != UPCR_HDR_LIVE) {
		char al[256], fr[256];
		read_hdr((int)p.thread, p.off, &h);
		upcr_format_loc(al, sizeof al, h.alloc_loc);
		upcr_format_loc(fr, sizeof fr, h.free_loc);
		upcr_fatal("double-free", loc,
			   "double free: thread %d calls %s at %s on %s allocated at %s and already freed by "
			   "thread %d at %s",
			   upcr_mythread_, fn, where, want_lock ? "a lock" : "memory", al, h.free_thread, fr);
	}
	struct {
		upcr_loc_t free_loc;
		int32_t free_thread;
	} f = {loc, upcr_mythread_};
	upcr_sptr_t fp = {p.off - HDR + offsetof(upcr_hdr_t, free_loc), p.thread, 0};
	if (upcr_is_local(fp)) {
		memcpy(upcr_mybase_ + fp.off, &f, sizeof f);
		upcr_hdr_t *lh = (upcr_hdr_t *)(upcr_mybase_ + p.off - HDR);
		if (h.kind == UPCR_HK_LOCAL || h.kind == UPCR_HK_LOCK) { /* a block of this thread's heap: reusable */
			lh->next = loc_free;
			loc_free = p.off;
		}
	} else {
		upcr_rma_put((int)p.thread, upcr_disp(fp), &f, sizeof f);
		MPI_Win_flush((int)p.thread, upcr_win_);
	}
	if (upcr_check_) {
		MPI_Win_sync(upcr_win_);
		upcr_rma_fetch_add32(0, slot_field(offsetof(upcr_mpi_slot_t, heapgen)), 1);
	}
	upcr_ctr_.frees++;
}

/* ---- locks ---- */

void upcr_heap_release_lock(upcr_sptr_t l, const char *fn, upcr_loc_t loc)
{
	char where[256];
	upcr_format_loc(where, sizeof where, loc);
	if (!in_heap(l))
		upcr_fatal("bad-lock", loc, "thread %d calls %s at %s with an invalid lock pointer", upcr_mythread_,
			   fn, where);
	upcr_hdr_t h;
	read_hdr((int)l.thread, l.off, &h);
	if (h.magic == UPCR_HDR_MAGIC && h.kind == UPCR_HK_LOCK && h.state == UPCR_HDR_FREE) {
		char al[256], fr[256];
		upcr_format_loc(al, sizeof al, h.alloc_loc);
		upcr_format_loc(fr, sizeof fr, h.free_loc);
		upcr_fatal("double-free", loc,
			   "double free: thread %d calls %s at %s on a lock allocated at %s and already freed by "
			   "thread %d at %s",
			   upcr_mythread_, fn, where, al, h.free_thread, fr);
	}
	upcr_lockobj_t o;
	upcr_rma_get(&o, (int)l.thread, upcr_disp(l), sizeof o);
	if (h.magic != UPCR_HDR_MAGIC || h.kind != UPCR_HK_LOCK || o.magic != UPCR_LOCK_MAGIC)
		upcr_fatal("bad-lock", loc, "thread %d calls %s at %s on something that is not a lock", upcr_mythread_,
			   fn, where);
	uint32_t one = 1;
	upcr_rma_put((int)l.thread, upcr_disp(l) + (MPI_Aint)offsetof(upcr_lockobj_t, freed), &one, sizeof one);
	MPI_Win_flush((int)l.thread, upcr_win_);
	upcr_heap_free(l, fn, 1, loc);
}

/* ---- the heap as --check sees it (upcr_lib_check.c) ---- */

static uint64_t view_sym_hi;

void upcr_heap_view_begin(int t, upcr_heap_view_t *v)
{
	uint32_t top = upcr_rma_fetch_op32(0, slot_field(offsetof(upcr_mpi_slot_t, symtop)), 0, MPI_NO_OP);
	v->sym_lo = sym_lo;
	v->sym_hi = sym_lo + (uint64_t)top * 64 < sym_hi ? sym_lo + (uint64_t)top * 64 : sym_hi;
	view_sym_hi = v->sym_hi;
	v->loc_hi = sym_hi;
	if (t == upcr_mythread_)
		v->loc_lo = loc_bot;
	else
		upcr_rma_get(&v->loc_lo, t, upcr_ctl_disp(loc_bot_entry(t)), sizeof v->loc_lo);
}

void upcr_heap_view_end(void) {}

int upcr_heap_hdr(int t, uint64_t x, upcr_hdr_t *h)
{
	/* a symmetric block another rank has claimed (the top counter
	 * moved) may not have its header yet: wait for it a little */
	for (int tries = 0;; tries++) {
		read_hdr(t, x + HDR, h);
		if (h->magic == UPCR_HDR_MAGIC)
			return 1;
		if (t != 0 || x >= view_sym_hi || tries == 1000)
			return 0;
		sched_yield();
	}
}

uint64_t upcr_heap_gen(void)
{
	return upcr_rma_fetch_op32(0, slot_field(offsetof(upcr_mpi_slot_t, heapgen)), 0, MPI_NO_OP);
}
