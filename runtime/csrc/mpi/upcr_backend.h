/*
 * upcr_backend.h - the MPI-3 backend's transport, for the runtime files
 * that every backend compiles (see the SMP runtime's upcr_backend.h).
 */
#ifndef UPCR_BACKEND_H
#define UPCR_BACKEND_H

#include "upcr_mpi.h"

static inline void upcr_be_get(void *dst, upcr_sptr_t src, size_t n)
{
	upcr_rma_get(dst, (int)src.thread, upcr_disp(src), n);
}
static inline void upcr_be_put(upcr_sptr_t dst, const void *src, size_t n)
{
	upcr_rma_put((int)dst.thread, upcr_disp(dst), src, n);
}
/* a bulk write or fill of any thread's memory (upcr_mpi_core.c) */
void upcr_be_write(upcr_sptr_t dst, const void *src, size_t n);
void upcr_be_set(upcr_sptr_t dst, int c, size_t n);

/* Stores to this rank's own window memory reach its public copy. */
static inline void upcr_be_published(void) { MPI_Win_sync(upcr_win_); }

/* A target past the end of its partition would reach into the control
 * region, or outside the window. */
static inline void upcr_be_check_end(upcr_sptr_t p, size_t n, upcr_loc_t loc)
{
	if (UPCR_UNLIKELY(p.off + n > upcr_partsize_)) {
		char where[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_fatal("bad-pointer", loc,
			   "thread %d accesses %zu bytes past the end of thread %u's shared memory at %s", upcr_mythread_,
			   n, p.thread, where);
	}
}

/* Each rank records its own reports in its control region (the rank that
 * writes the final report merges them): nothing to exclude. */
static inline void upcr_be_reports_lock(void) {}
static inline void upcr_be_reports_unlock(void) {}

static inline __attribute__((noreturn)) void upcr_be_exit_early(int status)
{
	fflush(NULL);
	MPI_Abort(MPI_COMM_WORLD, status);
	exit(status); /* not reached */
}

#endif
