/*
 * upcr_alloc_common.c - the shared heap's and the locks' allocation
 * functions (7.2.2, 7.2.3, 7.2.4), the same on every backend: each
 * backend's allocator (upcr_alloc.c, mpi/upcr_mpi_alloc.c) places the
 * blocks and validates frees.
 */
#include "upcr_backend.h"

/* A live block's header. */
void upcr_hdr_init(upcr_hdr_t *h, uint32_t kind, uint64_t size, uint64_t blockbytes, uint64_t nblocks,
		     upcr_loc_t loc)
{
	memset(h, 0, sizeof *h);
	h->magic = UPCR_HDR_MAGIC;
	h->state = UPCR_HDR_LIVE;
	h->kind = kind;
	h->owner = upcr_mythread_;
	h->size = size;
	h->blockbytes = blockbytes;
	h->nblocks = nblocks;
	h->alloc_loc = loc;
	h->free_thread = -1;
}

static void out_of_memory(const char *fn, size_t n, upcr_loc_t loc)
{
	char where[256];
	upcr_format_loc(where, sizeof where, loc);
	upcr_warn("out-of-memory", loc,
		  "thread %d: %s of %zu bytes at %s failed: shared heap exhausted (raise UPCR_HEAP_MB)",
		  upcr_mythread_, fn, n, where);
}

/* A symmetric allocation of nblocks blocks of nbytes: the bytes of each
 * partition are those of thread 0, the most loaded. */
static uint64_t sym_alloc(const char *fn, uint32_t kind, size_t nblocks, size_t nbytes, upcr_loc_t loc)
{
	size_t T = (size_t)upcr_threads_;
	uint64_t off = upcr_heap_sym_alloc((nblocks + T - 1) / T * nbytes, kind, nbytes, nblocks, loc);
	if (!off)
		out_of_memory(fn, nblocks * nbytes, loc);
	return off;
}

upcr_sptr_t upcr_global_alloc(size_t nblocks, size_t nbytes, upcr_loc_t loc)
{
	upcr_sptr_t p = UPCR_NULL;
	upcr_note_loc(loc);
	if (nblocks == 0 || nbytes == 0)
		return p;
	p.off = sym_alloc("upc_global_alloc", UPCR_HK_GLOBAL, nblocks, nbytes, loc);
	if (p.off)
		upcr_ctr_.allocs++;
	return p;
}

upcr_sptr_t upcr_all_alloc(size_t nblocks, size_t nbytes, upcr_loc_t loc)
{
	uint64_t args[2] = {nblocks, nbytes};
	upcr_coll_enter("upc_all_alloc", args, 2, 0, loc);
	upcr_coll_barrier();
	upcr_sptr_t r = UPCR_NULL;
	if (upcr_mythread_ == 0 && nblocks && nbytes)
		r.off = sym_alloc("upc_all_alloc", UPCR_HK_ALL, nblocks, nbytes, loc);
	r = upcr_heap_coll_result(r);
	upcr_coll_exit();
	if (!upcr_isnull(r))
		upcr_ctr_.allocs++;
	return r;
}

upcr_sptr_t upcr_alloc(size_t nbytes, upcr_loc_t loc)
{
	upcr_sptr_t p = UPCR_NULL;
	upcr_note_loc(loc);
	if (nbytes == 0)
		return p;
	uint64_t off = upcr_heap_local_alloc(nbytes, UPCR_HK_LOCAL, loc);
	if (!off) {
		out_of_memory("upc_alloc", nbytes, loc);
		return p;
	}
	upcr_ctr_.allocs++;
	p.off = off;
	p.thread = (uint32_t)upcr_mythread_;
	return p;
}

void upcr_free(upcr_sptr_t p, upcr_loc_t loc)
{
	upcr_note_loc(loc);
	if (upcr_isnull(p))
		return;
	upcr_heap_free(p, "upc_free", 0, loc);
}

void upcr_all_free(upcr_sptr_t p, upcr_loc_t loc)
{
	uint64_t args[1] = {upcr_sptr_bits(p)};
	upcr_coll_enter("upc_all_free", args, 1, 0, loc);
	/* the storage stays valid until every thread has entered */
	upcr_coll_barrier();
	if (upcr_mythread_ == 0 && !upcr_isnull(p))
		upcr_heap_free(p, "upc_all_free", 0, loc);
	upcr_coll_exit();
}

/* ---- locks ---- */

static upcr_sptr_t new_lock(upcr_loc_t loc)
{
	upcr_sptr_t p = UPCR_NULL;
	uint64_t off = upcr_heap_local_alloc(sizeof(upcr_lockobj_t), UPCR_HK_LOCK, loc);
	if (!off) {
		out_of_memory("lock allocation", sizeof(upcr_lockobj_t), loc);
		return p;
	}
	p.off = off;
	p.thread = (uint32_t)upcr_mythread_;
	upcr_lockobj_t *o = (upcr_lockobj_t *)(upcr_mybase_ + off);
	o->word = 0;
	o->owner = -1;
	o->freed = 0;
	o->lock_loc = 0;
	o->alloc_loc = loc;
	/* the magic last: a lock is valid once it is set */
	__atomic_store_n(&o->magic, UPCR_LOCK_MAGIC, __ATOMIC_RELEASE);
	upcr_be_published();
	return p;
}

upcr_sptr_t upcr_global_lock_alloc(upcr_loc_t loc)
{
	upcr_note_loc(loc);
	return new_lock(loc);
}

upcr_sptr_t upcr_all_lock_alloc(upcr_loc_t loc)
{
	upcr_coll_enter("upc_all_lock_alloc", NULL, 0, 0, loc);
	upcr_coll_barrier();
	upcr_sptr_t r = UPCR_NULL;
	if (upcr_mythread_ == 0)
		r = new_lock(loc);
	r = upcr_heap_coll_result(r);
	upcr_coll_exit();
	return r;
}

void upcr_lock_free(upcr_sptr_t l, upcr_loc_t loc)
{
	upcr_note_loc(loc);
	if (upcr_isnull(l))
		return;
	upcr_heap_release_lock(l, "upc_lock_free", loc);
}

void upcr_all_lock_free(upcr_sptr_t l, upcr_loc_t loc)
{
	uint64_t args[1] = {upcr_sptr_bits(l)};
	upcr_coll_enter("upc_all_lock_free", args, 1, 0, loc);
	upcr_coll_barrier();
	if (upcr_mythread_ == 0 && !upcr_isnull(l))
		upcr_heap_release_lock(l, "upc_all_lock_free", loc);
	upcr_coll_exit();
}
