/*
 * upcr_core.c - the SMP backend's termination after a fatal report,
 * strict accesses, fences and copies between shared memory and private
 * memory (the rest of the access paths is upcr_core_common.c's).
 */
#include "upcr_backend.h"

#include <sched.h>
#include <unistd.h>

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

/* ---- strict accesses ---- */

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
		upcr_access_check(src, n, "strict read", loc);
	else if (UPCR_UNLIKELY(upcr_check_))
		upcr_extent_check(src, n, "strict read", loc);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	copy_volatile(dst, upcr_addr(src), n);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	upcr_strict_count(src, n, 0, loc);
}

void upcr_put_strict(upcr_sptr_t dst, const void *src, size_t n, upcr_loc_t loc)
{
	strict_polls = 0;
	if (!upcr_is_local(dst))
		upcr_access_check(dst, n, "strict write", loc);
	else if (UPCR_UNLIKELY(upcr_check_))
		upcr_extent_check(dst, n, "strict write", loc);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	copy_volatile(upcr_addr(dst), src, n);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	upcr_strict_count(dst, n, 1, loc);
}

void upcr_strict_fence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

void upcr_fence(upcr_loc_t loc)
{
	(void)loc;
	upcr_strict_fence();
	upcr_ctr_.fences++;
}

/* The segment is mapped at one address in every thread. */
void upcr_copy_shared(upcr_sptr_t dst, upcr_sptr_t src, size_t n) { memcpy(upcr_addr(dst), upcr_addr(src), n); }
void upcr_read_shared(void *dst, upcr_sptr_t src, size_t n) { memcpy(dst, upcr_addr(src), n); }
