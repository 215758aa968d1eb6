/*
 * upcr_backend.h - the SMP backend's transport, for the runtime files
 * that every backend compiles (upcr_core_common.c, ...).  Each backend
 * has its own upcr_backend.h with the same functions; these are inline
 * so that the shared code costs what the backend's own copy would.
 */
#ifndef UPCR_BACKEND_H
#define UPCR_BACKEND_H

#include "upcr_internal.h"

/* The segment is mapped at one address in every thread. */
static inline void upcr_be_get(void *dst, upcr_sptr_t src, size_t n) { memcpy(dst, upcr_addr(src), n); }
static inline void upcr_be_put(upcr_sptr_t dst, const void *src, size_t n) { memcpy(upcr_addr(dst), src, n); }
static inline void upcr_be_write(upcr_sptr_t dst, const void *src, size_t n) { memcpy(upcr_addr(dst), src, n); }
static inline void upcr_be_set(upcr_sptr_t dst, int c, size_t n) { memset(upcr_addr(dst), c, n); }

/* Stores to this thread's own partition are visible to the others. */
static inline void upcr_be_published(void) {}

/* A target past the end of its partition: on one mapping the next
 * partition's guard page catches it. */
static inline void upcr_be_check_end(upcr_sptr_t p, size_t n, upcr_loc_t loc)
{
	(void)p, (void)n, (void)loc;
}

/* The report table is shared by all threads. */
static inline void upcr_be_reports_lock(void) { upcr_mutex_lock(&upcr_ctl_->report_lock); }
static inline void upcr_be_reports_unlock(void) { upcr_mutex_unlock(&upcr_ctl_->report_lock); }

/* A fatal error before the segment exists (only the launcher). */
static inline __attribute__((noreturn)) void upcr_be_exit_early(int status) { exit(status); }

#endif
