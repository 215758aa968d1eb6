/*
 * upcr_core.c - process-wide state, reports, the out-of-line paths of
 * shared accesses, strict accesses, fences and bulk copies.
 */
#include "upcr_internal.h"

#include <sched.h>
#include <time.h>
#include <unistd.h>

int upcr_threads_ = 1;
int upcr_mythread_ = 0;
char *upcr_partbase_;
size_t upcr_partsize_;
char *upcr_mybase_;
int upcr_check_;
int upcr_forall_depth_;
size_t upcr_scratch_size_;
upcr_counters_t upcr_ctr_;

upcr_ctl_t *upcr_ctl_;
char *upcr_seg_;
size_t upcr_seglen_;
int upcr_is_launcher_ = 1;
int upcr_notified_;
uint32_t upcr_phase_;
uint32_t upcr_cphase_;
uint32_t upcr_ccount_;
int upcr_ncpu_ = 1;





/* Append a report to the shared table.  Returns 0 if an identical
 * non-fatal report (same kind and location) was already recorded, so
 * --check findings inside loops are reported once. */
int upcr_add_report(const char *kind, int thread, int fatal, upcr_loc_t loc, const char *msg)
{
	upcr_ctl_t *c = upcr_ctl_;
	int fresh = 1;
	upcr_mutex_lock(&c->report_lock);
	uint32_t n = c->nreports;
	if (!fatal) {
		for (uint32_t i = 0; i < n && i < UPCR_MAX_REPORTS; i++)
			if (c->reports[i].loc == loc && !c->reports[i].fatal && strcmp(c->reports[i].kind, kind) == 0)
				fresh = 0;
	}
	if (fresh && n < UPCR_MAX_REPORTS) {
		upcr_report_t *r = &c->reports[n];
		snprintf(r->kind, sizeof r->kind, "%s", kind);
		r->thread = thread;
		r->fatal = fatal;
		r->loc = loc;
		snprintf(r->msg, sizeof r->msg, "%s", msg);
		c->nreports = n + 1;
	}
	if (fatal)
		__atomic_store_n(&c->abort, 1, __ATOMIC_SEQ_CST);
	upcr_mutex_unlock(&c->report_lock);
	return fresh;
}

/* End this thread after a fatal report: the launcher sees the abort flag
 * and stops the others.  Statistics are published first so a failed run
 * still shows its communication. */
void upcr_die(void)
{
	upcr_stats_publish(1);
	fflush(stdout);
	fflush(stderr);
	_exit(70);
}

static void vreport(const char *kind, int fatal, upcr_loc_t loc, const char *fmt, va_list ap)
{
	char msg[UPCR_REPORT_LEN];
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (!upcr_ctl_) { /* before the segment exists: only the launcher */
		fprintf(stderr, "upcr: %s: %s\n", kind, msg);
		if (fatal)
			exit(70);
		return;
	}
	/* The launcher prints reports, so they appear once, after the
	 * thread's own output, whatever the interleaving. */
	upcr_add_report(kind, upcr_is_launcher_ ? -1 : upcr_mythread_, fatal, loc, msg);
}

void upcr_fatal(const char *kind, upcr_loc_t loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(kind, 1, loc, fmt, ap);
	va_end(ap);
	upcr_die();
}

void upcr_warn(const char *kind, upcr_loc_t loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(kind, 0, loc, fmt, ap);
	va_end(ap);
}



/* ---- remote and strict accesses ---- */

static void check_target(upcr_sptr_t p, upcr_loc_t loc)
{
	if (UPCR_UNLIKELY(p.thread >= (uint32_t)upcr_threads_ || (p.off < UPCR_GUARD && p.off != 0) ||
			  p.off >= upcr_partsize_)) {
		char where[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_fatal("bad-pointer", loc,
			   "thread %d accesses shared memory through an invalid pointer-to-shared "
			   "(thread %u, offset %llu) at %s",
			   upcr_mythread_, p.thread, (unsigned long long)p.off, where);
	}
	if (UPCR_UNLIKELY(upcr_isnull(p))) {
		char where[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_fatal("null-pointer", loc, "thread %d dereferences a null pointer-to-shared at %s",
			   upcr_mythread_, where);
	}
}

void upcr_get_remote(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	check_target(src, loc);
	if (UPCR_UNLIKELY(upcr_check_))
		upcr_extent_check(src, n, "read", loc);
	upcr_note_loc(loc);
	memcpy(dst, upcr_addr(src), n);
	upcr_ctr_.remote_reads++;
	upcr_ctr_.remote_read_bytes += n;
	upcr_model_remote((int)src.thread, n, 0, 0, loc);
}

void upcr_put_remote(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc)
{
	check_target(dst, loc);
	if (UPCR_UNLIKELY(upcr_check_))
		upcr_extent_check(dst, n, "write", loc);
	upcr_note_loc(loc);
	memcpy(upcr_addr(dst), src, n);
	upcr_ctr_.remote_writes++;
	upcr_ctr_.remote_write_bytes += n;
	upcr_model_remote((int)dst.thread, n, 1, 0, loc);
}

/* Copy with accesses no wider than the object, so that an aligned strict
 * scalar is read or written in one instruction. */
static void copy_volatile(void *dst, const void *src, size_t n)
{
	switch (n) {
	case 1: *(volatile uint8_t *)dst = *(const volatile uint8_t *)src; break;
	case 2: *(volatile uint16_t *)dst = *(const volatile uint16_t *)src; break;
	case 4: *(volatile uint32_t *)dst = *(const volatile uint32_t *)src; break;
	case 8: *(volatile uint64_t *)dst = *(const volatile uint64_t *)src; break;
	default: memcpy(dst, src, n);
	}
}

/* Strict accesses (5.1.2.3): a full fence before and after, so they are
 * ordered with each other and with the relaxed accesses around them. */
/* Strict reads in a row without a strict write: a thread polling a flag.
 * With more threads than CPUs the writer it waits for may not be running,
 * so the poller yields now and then instead of burning its time slice. */
static unsigned strict_polls;

void upcr_get_strict(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	if (upcr_threads_ > upcr_ncpu_ && (++strict_polls & 15) == 0)
		sched_yield();
	if (!upcr_is_local(src))
		check_target(src, loc);
	if (UPCR_UNLIKELY(upcr_check_))
		upcr_extent_check(src, n, "strict read", loc);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	copy_volatile(dst, upcr_addr(src), n);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	upcr_ctr_.strict_ops++;
	if (upcr_is_local(src)) {
		upcr_ctr_.local_reads++;
		upcr_ctr_.local_read_bytes += n;
	} else {
		upcr_note_loc(loc);
		upcr_ctr_.remote_reads++;
		upcr_ctr_.remote_read_bytes += n;
		upcr_model_remote((int)src.thread, n, 0, 0, loc);
	}
}

void upcr_put_strict(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc)
{
	strict_polls = 0;
	if (!upcr_is_local(dst))
		check_target(dst, loc);
	if (UPCR_UNLIKELY(upcr_check_))
		upcr_extent_check(dst, n, "strict write", loc);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	copy_volatile(upcr_addr(dst), src, n);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	upcr_ctr_.strict_ops++;
	if (upcr_is_local(dst)) {
		upcr_ctr_.local_writes++;
		upcr_ctr_.local_write_bytes += n;
	} else {
		upcr_note_loc(loc);
		upcr_ctr_.remote_writes++;
		upcr_ctr_.remote_write_bytes += n;
		upcr_model_remote((int)dst.thread, n, 1, 0, loc);
	}
}

void upcr_fence(upcr_loc_t loc)
{
	(void)loc;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	upcr_ctr_.fences++;
}

/* ---- bulk copies ---- */

static void bulk_account(upcr_sptr_t p, size_t n, int write, upcr_loc_t loc)
{
	if (upcr_is_local(p)) {
		upcr_ctr_.bulk_local++;
		upcr_ctr_.bulk_local_bytes += n;
	} else {
		upcr_ctr_.bulk_remote++;
		upcr_ctr_.bulk_remote_bytes += n;
		upcr_model_remote((int)p.thread, n, write, 1, loc);
	}
}

static void bulk_prepare(upcr_sptr_t p, size_t n, const char *what, upcr_loc_t loc)
{
	check_target(p, loc);
	if (upcr_check_) {
		upcr_extent_check(p, n, what, loc);
		upcr_range_check(p, n, what, loc);
	}
	upcr_note_loc(loc);
}

void upcr_memcpy(upcr_sptr_t dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	bulk_prepare(dst, n, "upc_memcpy destination", loc);
	bulk_prepare(src, n, "upc_memcpy source", loc);
	memcpy(upcr_addr(dst), upcr_addr(src), n);
	/* A shared-to-shared copy moves the data once; count it against the
	 * remote side (source first: a get followed by a local store). */
	if (!upcr_is_local(src))
		bulk_account(src, n, 0, loc);
	else
		bulk_account(dst, n, 1, loc);
}

void upcr_memget(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	bulk_prepare(src, n, "upc_memget source", loc);
	memcpy(dst, upcr_addr(src), n);
	bulk_account(src, n, 0, loc);
}

void upcr_memput(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	bulk_prepare(dst, n, "upc_memput destination", loc);
	memcpy(upcr_addr(dst), src, n);
	bulk_account(dst, n, 1, loc);
}

void upcr_memset(upcr_sptr_t dst, int c, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	bulk_prepare(dst, n, "upc_memset destination", loc);
	memset(upcr_addr(dst), c, n);
	bulk_account(dst, n, 1, loc);
}

/* The segment is mapped at one address in every thread. */
void upcr_copy_shared(upcr_sptr_t dst, upcr_sptr_t src, size_t n) { memcpy(upcr_addr(dst), upcr_addr(src), n); }
void upcr_read_shared(void *dst, upcr_sptr_t src, size_t n) { memcpy(dst, upcr_addr(src), n); }

/* ---- scratch area and transfers for the collectives library ---- */

upcr_sptr_t upcr_scratch(int thread)
{
	upcr_sptr_t p = {upcr_ctl_->scratch_off, (uint32_t)thread, 0};
	return p;
}

void upcr_model_transfer(int target, size_t n, upcr_loc_t loc)
{
	if (target == upcr_mythread_)
		return;
	upcr_model_remote(target, n, 0, 1, loc);
}
