/*
 * upcr_mpi_core.c - the MPI-3 backend's one-sided transfers, strict
 * accesses, fences and copies; the reports and the relaxed and bulk
 * access paths over these transfers are upcr_core_common.c's.
 *
 * Memory model (UPC 1.3 section 5.1.2.3 and appendix B) on MPI RMA:
 *   - a relaxed get is MPI_Get + MPI_Win_flush of the target;
 *   - a relaxed put is MPI_Put + MPI_Win_flush_local (the source buffer
 *     is the caller's); it stays outstanding until a later operation
 *     needs it complete.  MPI does not order a put with a later access to
 *     the same bytes, so the ranges of the outstanding puts to each rank
 *     are remembered, and an access that overlaps one flushes that rank
 *     first: a thread reads its own writes, and two writes to one
 *     location land in program order;
 *   - strict accesses, upc_fence, upc_notify, unlock and the collectives
 *     complete every outstanding put (MPI_Win_flush_all) and synchronise
 *     the public and private window copies (MPI_Win_sync).
 * Barrier ids (6.6.1) travel with the barrier: upc_notify starts an
 * MPI_Iallreduce of every thread's notify record (a sum in which each
 * thread fills only its own entries, i.e. an allgather), upc_wait
 * completes it; every rank then checks the phase as the SMP runtime does.
 * The same reduction carries the network model's per-phase demand, so
 * the modeled time is the SMP backend's.
 */
#include "upcr_backend.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

MPI_Win upcr_win_ = MPI_WIN_NULL;
size_t upcr_ctl_off_;
size_t upcr_disp0_;
upcr_mpi_slot_t *upcr_slot_;
int upcr_mpi_shared_;




void upcr_die(void)
{
	upcr_stats_publish(1);
	upcr_mpi_abort(70);
}

/* ---- one-sided transfers ---- */

/* Outstanding (not yet flushed) put ranges per rank. */
#define NPEND 16
typedef struct {
	MPI_Aint lo, hi;
} range_t;
static range_t *pend;  /* [T][NPEND] */
static int *npend;     /* [T] */
static int npend_total;

void upcr_mpi_rma_init(void)
{
	pend = calloc((size_t)upcr_threads_ * NPEND, sizeof *pend);
	npend = calloc((size_t)upcr_threads_, sizeof *npend);
}

static void flush_rank(int r)
{
	MPI_Win_flush(r, upcr_win_);
	npend_total -= npend[r];
	npend[r] = 0;
}

void upcr_rma_flush_all(void)
{
	if (npend_total > 0) {
		MPI_Win_flush_all(upcr_win_);
		memset(npend, 0, (size_t)upcr_threads_ * sizeof *npend);
		npend_total = 0;
	}
	MPI_Win_sync(upcr_win_);
}

static void order_after_puts(int r, MPI_Aint lo, MPI_Aint hi)
{
	range_t *p = pend + (size_t)r * NPEND;
	for (int i = 0; i < npend[r]; i++)
		if (p[i].lo < hi && lo < p[i].hi) {
			flush_rank(r);
			return;
		}
}

#define CHUNK ((size_t)1 << 30)

void upcr_rma_get(void *dst, int rank, MPI_Aint disp, size_t n)
{
	if (npend[rank])
		order_after_puts(rank, disp, disp + (MPI_Aint)n);
	for (size_t o = 0; o < n; o += CHUNK) {
		size_t k = n - o < CHUNK ? n - o : CHUNK;
		MPI_Get((char *)dst + o, (int)k, MPI_BYTE, rank, disp + (MPI_Aint)o, (int)k, MPI_BYTE, upcr_win_);
	}
	MPI_Win_flush(rank, upcr_win_);
	npend_total -= npend[rank];
	npend[rank] = 0;
}

void upcr_rma_put(int rank, MPI_Aint disp, const void *src, size_t n)
{
	if (npend[rank])
		order_after_puts(rank, disp, disp + (MPI_Aint)n);
	if (npend[rank] == NPEND)
		flush_rank(rank);
	for (size_t o = 0; o < n; o += CHUNK) {
		size_t k = n - o < CHUNK ? n - o : CHUNK;
		MPI_Put((const char *)src + o, (int)k, MPI_BYTE, rank, disp + (MPI_Aint)o, (int)k, MPI_BYTE, upcr_win_);
	}
	if (upcr_mpi_shared_) {
		/* on one node a put completes at once (a copy); completing it
		 * here keeps the libraries that read the segment directly
		 * (e.g. bupc_memput_signal's semaphore) in order with it */
		MPI_Win_flush(rank, upcr_win_);
		return;
	}
	MPI_Win_flush_local(rank, upcr_win_);
	range_t *p = pend + (size_t)rank * NPEND;
	p[npend[rank]].lo = disp;
	p[npend[rank]].hi = disp + (MPI_Aint)n;
	npend[rank]++;
	npend_total++;
}

/* 32-bit atomics: Open MPI's osc/rdma mishandles 64-bit compare-and-swap
 * between ranks, 32-bit works everywhere. */
uint32_t upcr_rma_cas32(int rank, MPI_Aint disp, uint32_t compare, uint32_t swap)
{
	uint32_t old = 0;
	if (npend[rank])
		flush_rank(rank);
	MPI_Compare_and_swap(&swap, &compare, &old, MPI_UINT32_T, rank, disp, upcr_win_);
	MPI_Win_flush(rank, upcr_win_);
	return old;
}

uint32_t upcr_rma_fetch_op32(int rank, MPI_Aint disp, uint32_t v, MPI_Op op)
{
	uint32_t old = 0;
	if (npend[rank])
		flush_rank(rank);
	MPI_Fetch_and_op(&v, &old, MPI_UINT32_T, rank, disp, op, upcr_win_);
	MPI_Win_flush(rank, upcr_win_);
	return old;
}

uint32_t upcr_rma_fetch_add32(int rank, MPI_Aint disp, uint32_t add)
{
	return upcr_rma_fetch_op32(rank, disp, add, MPI_SUM);
}

/* ---- remote and strict accesses ---- */

/* Strict reads in a row: a thread polling a flag; when oversubscribed it
 * yields so the writer it waits for can run. */
static unsigned strict_polls;

void upcr_get_strict(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	if (upcr_threads_ > upcr_ncpu_ && (++strict_polls & 15) == 0)
		sched_yield();
	upcr_rma_flush_all();
	if (upcr_is_local(src)) {
		if (UPCR_UNLIKELY(upcr_check_))
			upcr_extent_check(src, n, "strict read", loc);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		memcpy(dst, upcr_mybase_ + src.off, n);
	} else {
		upcr_access_check(src, n, "strict read", loc);
		upcr_note_loc(loc);
		upcr_rma_get(dst, (int)src.thread, upcr_disp(src), n);
	}
	upcr_strict_count(src, n, 0, loc);
}

void upcr_put_strict(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc)
{
	strict_polls = 0;
	upcr_rma_flush_all();
	if (upcr_is_local(dst)) {
		if (UPCR_UNLIKELY(upcr_check_))
			upcr_extent_check(dst, n, "strict write", loc);
		memcpy(upcr_mybase_ + dst.off, src, n);
		MPI_Win_sync(upcr_win_);
	} else {
		upcr_access_check(dst, n, "strict write", loc);
		upcr_note_loc(loc);
		upcr_rma_put((int)dst.thread, upcr_disp(dst), src, n);
		flush_rank((int)dst.thread);
	}
	upcr_strict_count(dst, n, 1, loc);
}

void upcr_strict_fence(void) { upcr_rma_flush_all(); }

void upcr_fence(upcr_loc_t loc)
{
	(void)loc;
	upcr_strict_fence();
	upcr_ctr_.fences++;
}

/* ---- bulk copies ---- */

void upcr_read_shared(void *dst, upcr_sptr_t src, size_t n)
{
	if (upcr_is_local(src))
		memcpy(dst, upcr_mybase_ + src.off, n);
	else
		upcr_rma_get(dst, (int)src.thread, upcr_disp(src), n);
}

void upcr_copy_shared(upcr_sptr_t dst, upcr_sptr_t src, size_t n)
{
	int dl = upcr_is_local(dst), sl = upcr_is_local(src);
	if (dl && sl) {
		memmove(upcr_mybase_ + dst.off, upcr_mybase_ + src.off, n);
	} else if (dl) {
		upcr_rma_get(upcr_mybase_ + dst.off, (int)src.thread, upcr_disp(src), n);
	} else if (sl) {
		upcr_rma_put((int)dst.thread, upcr_disp(dst), upcr_mybase_ + src.off, n);
	} else {
		char *buf = malloc(n < CHUNK ? n : CHUNK);
		if (!buf)
			upcr_fatal("out-of-memory", UPCR_NOLOC, "thread %d: no memory for a copy of %zu bytes",
				   upcr_mythread_, n);
		for (size_t o = 0; o < n; o += CHUNK) {
			size_t k = n - o < CHUNK ? n - o : CHUNK;
			upcr_rma_get(buf, (int)src.thread, upcr_disp(src) + (MPI_Aint)o, k);
			upcr_rma_put((int)dst.thread, upcr_disp(dst) + (MPI_Aint)o, buf, k);
			flush_rank((int)dst.thread); /* buf is reused */
		}
		free(buf);
	}
}

void upcr_be_write(upcr_sptr_t dst, const void *src, size_t n)
{
	if (upcr_is_local(dst))
		memcpy(upcr_mybase_ + dst.off, src, n);
	else
		upcr_rma_put((int)dst.thread, upcr_disp(dst), src, n);
}

void upcr_be_set(upcr_sptr_t dst, int c, size_t n)
{
	if (upcr_is_local(dst)) {
		memset(upcr_mybase_ + dst.off, c, n);
		return;
	}
	size_t k = n < ((size_t)1 << 20) ? n : ((size_t)1 << 20);
	char *buf = malloc(k);
	if (!buf)
		upcr_fatal("out-of-memory", UPCR_NOLOC, "thread %d: no memory for upc_memset", upcr_mythread_);
	memset(buf, c, k);
	for (size_t o = 0; o < n; o += k) {
		size_t m = n - o < k ? n - o : k;
		upcr_rma_put((int)dst.thread, upcr_disp(dst) + (MPI_Aint)o, buf, m);
	}
	flush_rank((int)dst.thread); /* buf is freed */
	free(buf);
}
