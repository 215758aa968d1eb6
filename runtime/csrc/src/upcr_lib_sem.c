/*
 * upcr_lib_sem.c - Berkeley UPC semaphores and signaling puts
 * (bupc_sem_*, bupc_memput_signal[_async]), bupc_dump_shared and
 * bupc_local_to_shared.
 *
 * A semaphore is a small object in the allocating thread's local heap
 * (bupc_sem_alloc is not collective; the semaphore has affinity to its
 * caller).  Its value is a 32-bit futex word in the shared segment: a post
 * adds atomically and wakes sleepers, a wait takes N units with a
 * compare-and-swap or sleeps on the word.  A waiter shows as blocked to the
 * deadlock watchdog, so a wait that no post will satisfy is reported.
 *
 * Flags: BUPC_SEM_BOOLEAN (value saturates at 1) or BUPC_SEM_INTEGER (up
 * to BUPC_SEM_MAXVALUE; posting past it is fatal), plus producer/consumer
 * hints (accepted; every combination is implemented with the general
 * multi-producer, multi-consumer algorithm).  Operations on a null, bogus
 * or freed semaphore are fatal "bad-semaphore" reports; bupc_sem_waitN/
 * tryN/postN on a boolean semaphore with N > 1 is fatal too.
 *
 * Statistics: a post or wait on another thread's semaphore is one remote
 * 4-byte write (modeled as a round trip); on one's own, a local write.
 */
#include "upcr.h"

#include <stdio.h>
#include <string.h>

#define SEM_MAGIC 0x73656d61u /* "sema" */
#define SEM_DEAD 0x64656164u  /* "dead" */

typedef struct {
	uint32_t magic;
	int32_t flags;
	volatile uint32_t value;
	int32_t owner;
	upcr_loc_t alloc_loc;
	uint32_t pad;
} sem_t_;

static sem_t_ *sem_at(upcr_sptr_t s, const char *fn, upcr_loc_t loc)
{
	if (upcr_isnull(s))
		upcr_fatal("bad-semaphore", loc, "thread %d calls %s with a null semaphore", upcr_mythread_, fn);
	if (s.thread >= (uint32_t)upcr_threads_ || s.off + sizeof(sem_t_) > upcr_partsize_ || (s.off & 7))
		upcr_fatal("bad-semaphore", loc, "thread %d calls %s with a pointer that is not a semaphore", upcr_mythread_,
			   fn);
	sem_t_ *m = upcr_addr(s);
	if (m->magic == SEM_DEAD)
		upcr_fatal("bad-semaphore", loc, "thread %d calls %s with a semaphore that was freed", upcr_mythread_, fn);
	if (m->magic != SEM_MAGIC)
		upcr_fatal("bad-semaphore", loc, "thread %d calls %s with a pointer that is not a semaphore (from bupc_sem_alloc)",
			   upcr_mythread_, fn);
	return m;
}

static void account(upcr_sptr_t s, upcr_loc_t loc)
{
	if (upcr_is_local(s)) {
		upcr_ctr_.local_writes++;
		upcr_ctr_.local_write_bytes += 4;
	} else {
		upcr_ctr_.remote_writes++;
		upcr_ctr_.remote_write_bytes += 4;
		upcr_model_transfer((int)s.thread, 4, loc);
	}
}

upcr_sptr_t upcr_bupc_sem_alloc(int flags, upcr_loc_t loc)
{
	int kind = flags & (BUPC_SEM_BOOLEAN | BUPC_SEM_INTEGER);
	if (kind == (BUPC_SEM_BOOLEAN | BUPC_SEM_INTEGER) || (flags & ~63) != 0 ||
	    (flags & (BUPC_SEM_SPRODUCER | BUPC_SEM_MPRODUCER)) == (BUPC_SEM_SPRODUCER | BUPC_SEM_MPRODUCER) ||
	    (flags & (BUPC_SEM_SCONSUMER | BUPC_SEM_MCONSUMER)) == (BUPC_SEM_SCONSUMER | BUPC_SEM_MCONSUMER))
		upcr_fatal("bad-semaphore", loc, "thread %d calls bupc_sem_alloc with invalid flags %d", upcr_mythread_, flags);
	upcr_sptr_t s = upcr_alloc(sizeof(sem_t_), loc);
	sem_t_ *m = upcr_addr(s);
	m->flags = kind ? flags : flags | BUPC_SEM_INTEGER;
	m->value = 0;
	m->owner = upcr_mythread_;
	m->alloc_loc = loc;
	__atomic_store_n(&m->magic, SEM_MAGIC, __ATOMIC_RELEASE);
	return s;
}

void upcr_bupc_sem_free(upcr_sptr_t s, upcr_loc_t loc)
{
	if (upcr_isnull(s))
		return;
	sem_t_ *m = sem_at(s, "bupc_sem_free", loc);
	m->magic = SEM_DEAD;
	/* the block stays allocated (never reused), so use after free is
	 * detected; it still counts as freed */
	upcr_ctr_.frees++;
}

void upcr_bupc_sem_postN(upcr_sptr_t s, size_t n, upcr_loc_t loc)
{
	sem_t_ *m = sem_at(s, "bupc_sem_postN", loc);
	account(s, loc);
	if (m->flags & BUPC_SEM_BOOLEAN) {
		if (n > 1)
			upcr_fatal("bad-semaphore", loc, "thread %d posts %zu units to a boolean semaphore", upcr_mythread_, n);
		__atomic_store_n(&m->value, 1, __ATOMIC_SEQ_CST);
	} else {
		uint32_t v = __atomic_load_n(&m->value, __ATOMIC_RELAXED);
		do {
			if ((uint64_t)v + n > BUPC_SEM_MAXVALUE)
				upcr_fatal("semaphore-overflow", loc,
					   "thread %d posts %zu units to a semaphore holding %u (BUPC_SEM_MAXVALUE is %d)",
					   upcr_mythread_, n, v, BUPC_SEM_MAXVALUE);
		} while (!__atomic_compare_exchange_n(&m->value, &v, v + (uint32_t)n, 0, __ATOMIC_SEQ_CST,
						      __ATOMIC_RELAXED));
	}
	upcr_wake_all(&m->value);
}

void upcr_bupc_sem_post(upcr_sptr_t s, upcr_loc_t loc) { upcr_bupc_sem_postN(s, 1, loc); }

static int take(sem_t_ *m, size_t n)
{
	uint32_t v = __atomic_load_n(&m->value, __ATOMIC_ACQUIRE);
	while (v >= n)
		if (__atomic_compare_exchange_n(&m->value, &v, v - (uint32_t)n, 0, __ATOMIC_SEQ_CST, __ATOMIC_ACQUIRE))
			return 1;
	return 0;
}

int upcr_bupc_sem_tryN(upcr_sptr_t s, size_t n, upcr_loc_t loc)
{
	sem_t_ *m = sem_at(s, "bupc_sem_tryN", loc);
	if ((m->flags & BUPC_SEM_BOOLEAN) && n > 1)
		upcr_fatal("bad-semaphore", loc, "thread %d takes %zu units of a boolean semaphore", upcr_mythread_, n);
	account(s, loc);
	return take(m, n);
}

int upcr_bupc_sem_try(upcr_sptr_t s, upcr_loc_t loc) { return upcr_bupc_sem_tryN(s, 1, loc); }

void upcr_bupc_sem_waitN(upcr_sptr_t s, size_t n, upcr_loc_t loc)
{
	sem_t_ *m = sem_at(s, "bupc_sem_waitN", loc);
	if ((m->flags & BUPC_SEM_BOOLEAN) && n > 1)
		upcr_fatal("bad-semaphore", loc, "thread %d waits for %zu units of a boolean semaphore", upcr_mythread_, n);
	if (n > BUPC_SEM_MAXVALUE)
		upcr_fatal("bad-semaphore", loc, "thread %d waits for %zu units (BUPC_SEM_MAXVALUE is %d)", upcr_mythread_, n,
			   BUPC_SEM_MAXVALUE);
	account(s, loc);
	for (;;) {
		if (take(m, n))
			return;
		uint32_t v = __atomic_load_n(&m->value, __ATOMIC_ACQUIRE);
		if (v < n)
			upcr_wait_while_eq(&m->value, v);
	}
}

void upcr_bupc_sem_wait(upcr_sptr_t s, upcr_loc_t loc) { upcr_bupc_sem_waitN(s, 1, loc); }

void upcr_bupc_memput_signal(upcr_sptr_t dst, const void *src, size_t nbytes, upcr_sptr_t s, size_t n, upcr_loc_t loc)
{
	sem_at(s, "bupc_memput_signal", loc);
	upcr_memput(dst, src, nbytes, loc);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (n > 0)
		upcr_bupc_sem_postN(s, n, loc);
}

void upcr_bupc_memput_signal_async(upcr_sptr_t dst, const void *src, size_t nbytes, upcr_sptr_t s, size_t n,
				   upcr_loc_t loc)
{
	/* the source buffer may be reused at once: the put completes here */
	upcr_bupc_memput_signal(dst, src, nbytes, s, n, loc);
}

int upcr_bupc_dump_shared(upcr_sptr_t ptr, char *buf, int maxlen, upcr_loc_t loc)
{
	(void)loc;
	if (!buf || maxlen < 1)
		return -1;
	int n = snprintf(buf, (size_t)maxlen, "<address=0x%llx (addrfield=0x%llx), thread=%u, phase=%u>",
			 upcr_isnull(ptr) ? 0ULL : (unsigned long long)(uintptr_t)upcr_addr(ptr),
			 (unsigned long long)ptr.off, ptr.thread, ptr.phase);
	return n < maxlen ? 0 : -1;
}

/* The pointer-to-shared with affinity to `thread` for a local address in
 * that thread's partition (as bupc_cast of it would give), with the given
 * phase; null for a null ptr or an address outside the partition. */
upcr_sptr_t upcr_bupc_local_to_shared(void *ptr, int thread, int phase, upcr_loc_t loc)
{
	if (thread < 0 || thread >= upcr_threads_)
		upcr_fatal("bad-thread", loc, "thread %d calls bupc_local_to_shared with thread %d (THREADS is %d)",
			   upcr_mythread_, thread, upcr_threads_);
	char *c = ptr, *base = upcr_partbase_ + (size_t)thread * upcr_partsize_;
	if (!c || c < base || c >= base + upcr_partsize_)
		return UPCR_NULL;
	upcr_sptr_t p = {(uint64_t)(c - base), (uint32_t)thread, (uint32_t)(phase < 0 ? 0 : phase)};
	return p;
}
