/*
 * upcr_lib_nb.c - non-blocking transfers: <upc_nb.h> (UPC 1.3 optional
 * library) and the Berkeley asynchronous copies (bupc_mem*_async,
 * bupc_mem*_asynci, access regions, bupc_waitsync*, bupc_trysync*).
 *
 * Every transfer is performed by the initiating call, through the
 * blocking upc_mem* paths, so it is counted (bulk_local/bulk_remote,
 * bytes, per line) like upc_memget and friends; the network model charges
 * the initiator only the issue and records when the transfer completes
 * (upcr_stats.c), and the sync charges what is left of it: an overlapped
 * transfer costs less modeled time than a blocking one, never less than
 * its issue plus the communication issued in between.  The handle
 * discipline is still enforced: each
 * explicit-handle call returns a fresh live handle (never
 * UPC_COMPLETE_HANDLE) which must be synchronized exactly once, by the
 * thread that obtained it.  A handle is
 *   generation << 32 | thread << 20 | (slot + 1)
 * so a consumed handle (generation moved on), another thread's handle or
 * an invented value is recognised and reported ("bad-handle").  Under
 * --check a thread that ends with live handles gets a "handle-leak"
 * warning naming where the first one was obtained.
 */
#include "upcr_internal.h"

#include <stdio.h>
#include <stdlib.h>

#define SLOT_BITS 20
#define MAX_SLOTS (1u << SLOT_BITS)

typedef struct {
	uint32_t gen;  /* generation of the live handle, or of the last one */
	uint32_t live; /* 1 while the handle is outstanding */
	upcr_loc_t loc;
	uint32_t next;       /* free list link (slot + 1, 0 = end) */
	upcr_nb_done_t done; /* when the network model completes the transfer */
} hslot_t;

static hslot_t *slots;
static uint32_t nslots, cap, free_head, nlive;
static int leak_check_registered;

/* implicit-handle transfers not yet synchronized, and the access region */
static uint64_t nbi_pending;
static int in_region;
static uint64_t region_ops;
/* model completion of the pending implicit-handle transfers and of the
 * access region's */
static upcr_nb_done_t nbi_done, region_done;

static void fmt_loc(char *buf, size_t len, upcr_loc_t loc)
{
	if (loc == UPCR_NOLOC)
		snprintf(buf, len, "unknown location");
	else
		snprintf(buf, len, "%s:%d", upcr_file_name(loc), UPCR_LOC_LINE(loc));
}

static void leak_check(void)
{
	if (!nlive || !upcr_check_)
		return;
	upcr_loc_t first = UPCR_NOLOC;
	for (uint32_t i = 0; i < nslots; i++)
		if (slots[i].live) {
			first = slots[i].loc;
			break;
		}
	char where[256];
	fmt_loc(where, sizeof where, first);
	upcr_warn("handle-leak", first,
		  "thread %d ends with %u non-blocking transfer handle%s never synchronized (the first obtained at %s); "
		  "every handle must reach a successful upc_sync or upc_sync_attempt",
		  upcr_mythread_, nlive, nlive == 1 ? "" : "s", where);
}

/* A new live handle for a transfer started at loc. */
upc_handle_t upcr_nb_handle_new(upcr_loc_t loc)
{
	uint32_t i;
	if (free_head) {
		i = free_head - 1;
		free_head = slots[i].next;
	} else {
		if (nslots == cap) {
			uint32_t ncap = cap ? cap * 2 : 64;
			if (ncap > MAX_SLOTS)
				upcr_fatal("too-many-handles", loc,
					   "thread %d has %u non-blocking transfer handles outstanding (the limit is %u); "
					   "synchronize them with upc_sync",
					   upcr_mythread_, nlive, MAX_SLOTS);
			hslot_t *n = realloc(slots, ncap * sizeof *n);
			if (!n)
				upcr_fatal("out-of-memory", loc, "thread %d: out of memory for transfer handles",
					   upcr_mythread_);
			slots = n;
			cap = ncap;
		}
		i = nslots++;
		slots[i].gen = 0;
	}
	if (!leak_check_registered) {
		leak_check_registered = 1;
		atexit(leak_check); /* runs before the runtime's termination handler */
	}
	hslot_t *h = &slots[i];
	h->gen++;
	if (h->gen == 0)
		h->gen = 1;
	h->live = 1;
	h->loc = loc;
	h->next = 0;
	h->done = upcr_model_nb_take();
	nlive++;
	uint64_t v = (uint64_t)h->gen << 32 | (uint64_t)(uint32_t)upcr_mythread_ << SLOT_BITS | (i + 1);
	return (upc_handle_t)(uintptr_t)v;
}

/* Consume a handle (any result of a successful sync). */
static void consume(upc_handle_t handle, const char *fn, upcr_loc_t loc)
{
	if (handle == UPC_COMPLETE_HANDLE)
		return;
	uint64_t v = (uint64_t)(uintptr_t)handle;
	uint32_t gen = (uint32_t)(v >> 32);
	uint32_t th = (uint32_t)(v >> SLOT_BITS) & 0xfff;
	uint32_t i = (uint32_t)(v & (MAX_SLOTS - 1));
	const char *why = NULL;
	if (gen == 0 || i == 0)
		why = "is not a handle returned by a non-blocking transfer";
	else if (th != (uint32_t)upcr_mythread_)
		why = "belongs to another thread (a handle is valid only on the thread that obtained it)";
	else if (i - 1 >= nslots || slots[i - 1].gen != gen || !slots[i - 1].live)
		why = (i - 1 < nslots && (int32_t)(slots[i - 1].gen - gen) >= 0)
			      ? "was already synchronized (a handle becomes invalid after a successful sync)"
			      : "is not a handle returned by a non-blocking transfer";
	if (why) {
		char where[256];
		fmt_loc(where, sizeof where, loc);
		upcr_fatal("bad-handle", loc, "thread %d calls %s at %s with a handle that %s", upcr_mythread_, fn,
			   where, why);
	}
	hslot_t *h = &slots[i - 1];
	upcr_model_nb_wait(h->done);
	h->live = 0;
	h->next = free_head;
	free_head = i;
	nlive--;
}

/* ---- <upc_nb.h> ---- */

upc_handle_t upcr_memcpy_nb(upcr_sptr_t dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	upcr_model_nb_ = 1;
	upcr_memcpy(dst, src, n, loc);
	upcr_model_nb_ = 0;
	return upcr_nb_handle_new(loc);
}

upc_handle_t upcr_memget_nb(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	upcr_model_nb_ = 1;
	upcr_memget(dst, src, n, loc);
	upcr_model_nb_ = 0;
	return upcr_nb_handle_new(loc);
}

upc_handle_t upcr_memput_nb(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc)
{
	upcr_model_nb_ = 1;
	upcr_memput(dst, src, n, loc);
	upcr_model_nb_ = 0;
	return upcr_nb_handle_new(loc);
}

upc_handle_t upcr_memset_nb(upcr_sptr_t dst, int c, size_t n, upcr_loc_t loc)
{
	upcr_model_nb_ = 1;
	upcr_memset(dst, c, n, loc);
	upcr_model_nb_ = 0;
	return upcr_nb_handle_new(loc);
}

static void nbi_started(void)
{
	upcr_nb_done_t d = upcr_model_nb_take();
	if (in_region) {
		region_ops++;
		upcr_model_nb_merge(&region_done, d);
	} else {
		nbi_pending++;
		upcr_model_nb_merge(&nbi_done, d);
	}
}

void upcr_memcpy_nbi(upcr_sptr_t dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	upcr_model_nb_ = 1;
	upcr_memcpy(dst, src, n, loc);
	upcr_model_nb_ = 0;
	nbi_started();
}

void upcr_memget_nbi(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	upcr_model_nb_ = 1;
	upcr_memget(dst, src, n, loc);
	upcr_model_nb_ = 0;
	nbi_started();
}

void upcr_memput_nbi(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc)
{
	upcr_model_nb_ = 1;
	upcr_memput(dst, src, n, loc);
	upcr_model_nb_ = 0;
	nbi_started();
}

void upcr_memset_nbi(upcr_sptr_t dst, int c, size_t n, upcr_loc_t loc)
{
	upcr_model_nb_ = 1;
	upcr_memset(dst, c, n, loc);
	upcr_model_nb_ = 0;
	nbi_started();
}

/* Transfers are complete when initiated, so every attempt succeeds. */
int upcr_sync_attempt(upc_handle_t handle, upcr_loc_t loc)
{
	consume(handle, "upc_sync_attempt", loc);
	return 1;
}

void upcr_sync(upc_handle_t handle, upcr_loc_t loc) { consume(handle, "upc_sync", loc); }

int upcr_synci_attempt(upcr_loc_t loc)
{
	(void)loc;
	upcr_model_nb_wait(nbi_done);
	nbi_done = (upcr_nb_done_t){0, 0, 0};
	nbi_pending = 0;
	return 1;
}

void upcr_synci(upcr_loc_t loc)
{
	(void)loc;
	upcr_model_nb_wait(nbi_done);
	nbi_done = (upcr_nb_done_t){0, 0, 0};
	nbi_pending = 0;
}

/* ---- Berkeley asynchronous copies (same handles) ---- */

bupc_handle_t upcr_bupc_memcpy_async(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upcr_loc_t loc)
{
	return (bupc_handle_t)upcr_memcpy_nb(dst, src, nbytes, loc);
}

bupc_handle_t upcr_bupc_memget_async(void *dst, upcr_sptr_t src, size_t nbytes, upcr_loc_t loc)
{
	return (bupc_handle_t)upcr_memget_nb(dst, src, nbytes, loc);
}

bupc_handle_t upcr_bupc_memput_async(upcr_sptr_t dst, const void *src, size_t nbytes, upcr_loc_t loc)
{
	return (bupc_handle_t)upcr_memput_nb(dst, src, nbytes, loc);
}

bupc_handle_t upcr_bupc_memset_async(upcr_sptr_t dst, int c, size_t nbytes, upcr_loc_t loc)
{
	return (bupc_handle_t)upcr_memset_nb(dst, c, nbytes, loc);
}

void upcr_bupc_waitsync(bupc_handle_t handle, upcr_loc_t loc)
{
	consume((upc_handle_t)handle, "bupc_waitsync", loc);
}

int upcr_bupc_trysync(bupc_handle_t handle, upcr_loc_t loc)
{
	consume((upc_handle_t)handle, "bupc_trysync", loc);
	return 1;
}

/* The _all and _some forms consume every handle in the array and set the
 * entries to BUPC_COMPLETE_HANDLE (all transfers are complete). */
static void sync_array(bupc_handle_t *handles, size_t n, const char *fn, upcr_loc_t loc)
{
	for (size_t i = 0; i < n; i++) {
		consume((upc_handle_t)handles[i], fn, loc);
		handles[i] = BUPC_COMPLETE_HANDLE;
	}
}

void upcr_bupc_waitsync_all(bupc_handle_t *handles, size_t n, upcr_loc_t loc)
{
	sync_array(handles, n, "bupc_waitsync_all", loc);
}

int upcr_bupc_trysync_all(bupc_handle_t *handles, size_t n, upcr_loc_t loc)
{
	sync_array(handles, n, "bupc_trysync_all", loc);
	return 1;
}

void upcr_bupc_waitsync_some(bupc_handle_t *handles, size_t n, upcr_loc_t loc)
{
	sync_array(handles, n, "bupc_waitsync_some", loc);
}

int upcr_bupc_trysync_some(bupc_handle_t *handles, size_t n, upcr_loc_t loc)
{
	sync_array(handles, n, "bupc_trysync_some", loc);
	return 1;
}

void upcr_bupc_memcpy_asynci(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upcr_loc_t loc)
{
	upcr_memcpy_nbi(dst, src, nbytes, loc);
}

void upcr_bupc_memget_asynci(void *dst, upcr_sptr_t src, size_t nbytes, upcr_loc_t loc)
{
	upcr_memget_nbi(dst, src, nbytes, loc);
}

void upcr_bupc_memput_asynci(upcr_sptr_t dst, const void *src, size_t nbytes, upcr_loc_t loc)
{
	upcr_memput_nbi(dst, src, nbytes, loc);
}

void upcr_bupc_memset_asynci(upcr_sptr_t dst, int c, size_t nbytes, upcr_loc_t loc)
{
	upcr_memset_nbi(dst, c, nbytes, loc);
}

void upcr_bupc_waitsynci(upcr_loc_t loc) { upcr_synci(loc); }

int upcr_bupc_trysynci(upcr_loc_t loc) { return upcr_synci_attempt(loc); }

/* An access region collects the implicit-handle transfers started inside
 * it under one explicit handle. */
void upcr_bupc_begin_accessregion(upcr_loc_t loc)
{
	if (in_region)
		upcr_fatal("access-region", loc,
			   "thread %d calls bupc_begin_accessregion inside an access region (regions do not nest)",
			   upcr_mythread_);
	in_region = 1;
	region_ops = 0;
	region_done = (upcr_nb_done_t){0, 0, 0};
}

bupc_handle_t upcr_bupc_end_accessregion(upcr_loc_t loc)
{
	if (!in_region)
		upcr_fatal("access-region", loc,
			   "thread %d calls bupc_end_accessregion without bupc_begin_accessregion", upcr_mythread_);
	in_region = 0;
	upc_handle_t h = upcr_nb_handle_new(loc);
	slots[((uint64_t)(uintptr_t)h & (MAX_SLOTS - 1)) - 1].done = region_done;
	return (bupc_handle_t)h;
}
