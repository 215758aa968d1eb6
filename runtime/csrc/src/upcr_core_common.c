/*
 * upcr_core_common.c - process-wide state, reports and the out-of-line
 * paths of relaxed remote accesses and bulk copies, the same on every
 * backend: each moves the bytes with its own transport (upcr_backend.h).
 */
#include "upcr_backend.h"

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

/* Append a report to the report table.  Returns 0 if an identical
 * non-fatal report (same kind and location) was already recorded, so
 * --check findings inside loops are reported once. */
int upcr_add_report(const char *kind, int thread, int fatal, upcr_loc_t loc, const char *msg)
{
	upcr_ctl_t *c = upcr_ctl_;
	int fresh = 1;
	upcr_be_reports_lock();
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
	upcr_be_reports_unlock();
	return fresh;
}

static void vreport(const char *kind, int fatal, upcr_loc_t loc, const char *fmt, va_list ap)
{
	char msg[UPCR_REPORT_LEN];
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (!upcr_ctl_) { /* before the segment exists */
		fprintf(stderr, "upcr: %s: %s\n", kind, msg);
		if (fatal)
			upcr_be_exit_early(70);
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

/* ---- remote accesses ---- */

void upcr_access_check(upcr_sptr_t p, size_t n, const char *what, upcr_loc_t loc)
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
	if (UPCR_UNLIKELY(upcr_check_))
		upcr_extent_check(p, n, what, loc);
	upcr_be_check_end(p, n, loc);
}

/* A relaxed remote access's counters and model; inlined, so each caller
 * keeps only its own branch. */
static inline void remote_done(upcr_sptr_t p, size_t n, int write, upcr_loc_t loc)
{
	if (write) {
		upcr_ctr_.remote_writes++;
		upcr_ctr_.remote_write_bytes += n;
	} else {
		upcr_ctr_.remote_reads++;
		upcr_ctr_.remote_read_bytes += n;
	}
	upcr_model_remote((int)p.thread, n, write, 0, loc);
}

void upcr_get_remote(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	upcr_access_check(src, n, "read", loc);
	upcr_note_loc(loc);
	upcr_be_get(dst, src, n);
	remote_done(src, n, 0, loc);
}

void upcr_put_remote(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc)
{
	upcr_access_check(dst, n, "write", loc);
	upcr_note_loc(loc);
	upcr_be_put(dst, src, n);
	remote_done(dst, n, 1, loc);
}

/* Counts a scalar access of n bytes (the libraries' too); returns
 * whether it was remote, for the caller's model of it. */
int upcr_count_access(upcr_sptr_t p, size_t n, int write)
{
	int remote = !upcr_is_local(p);
	upcr_count_t *ops = remote ? (write ? &upcr_ctr_.remote_writes : &upcr_ctr_.remote_reads)
			       : (write ? &upcr_ctr_.local_writes : &upcr_ctr_.local_reads);
	upcr_count_t *bytes = remote ? (write ? &upcr_ctr_.remote_write_bytes : &upcr_ctr_.remote_read_bytes)
				 : (write ? &upcr_ctr_.local_write_bytes : &upcr_ctr_.local_read_bytes);
	++*ops;
	*bytes += n;
	return remote;
}

/* Counts a strict access once it is done. */
void upcr_strict_count(upcr_sptr_t p, size_t n, int write, upcr_loc_t loc)
{
	upcr_ctr_.strict_ops++;
	if (upcr_count_access(p, n, write)) {
		upcr_note_loc(loc);
		upcr_model_remote((int)p.thread, n, write, 0, loc);
	}
}

/* ---- bulk copies ---- */

void upcr_count_bulk(upcr_sptr_t p, size_t n, int write, upcr_loc_t loc)
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
	upcr_access_check(p, n, what, loc);
	if (UPCR_UNLIKELY(upcr_check_))
		upcr_range_check(p, n, what, loc);
	upcr_note_loc(loc);
}

void upcr_memcpy(upcr_sptr_t dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	bulk_prepare(dst, n, "upc_memcpy destination", loc);
	bulk_prepare(src, n, "upc_memcpy source", loc);
	upcr_copy_shared(dst, src, n);
	/* A shared-to-shared copy moves the data once; count it against the
	 * remote side (source first: a get followed by a local store). */
	if (!upcr_is_local(src))
		upcr_count_bulk(src, n, 0, loc);
	else
		upcr_count_bulk(dst, n, 1, loc);
}

void upcr_memget(void *dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	bulk_prepare(src, n, "upc_memget source", loc);
	upcr_read_shared(dst, src, n);
	upcr_count_bulk(src, n, 0, loc);
}

void upcr_memput(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	bulk_prepare(dst, n, "upc_memput destination", loc);
	upcr_be_write(dst, src, n);
	upcr_count_bulk(dst, n, 1, loc);
}

void upcr_memset(upcr_sptr_t dst, int c, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	bulk_prepare(dst, n, "upc_memset destination", loc);
	upcr_be_set(dst, c, n);
	upcr_count_bulk(dst, n, 1, loc);
}

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
