/*
 * upcr_sync.c - barriers (6.6.1), locks (7.2.4), the internal barrier and
 * argument check of the collectives, and upc_global_exit.
 *
 * Every blocking wait spins briefly and then sleeps on a futex in the
 * shared segment.  The spin is short when there are more threads than
 * CPUs: a spinning thread would only steal the CPU from the thread it is
 * waiting for.
 */
#include "upcr_internal.h"

#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Shared (not FUTEX_PRIVATE) futexes: the waiters are different
 * processes mapping the same pages. */
void upcr_futex_wait(volatile uint32_t *addr, uint32_t val)
{
	syscall(SYS_futex, (uint32_t *)addr, FUTEX_WAIT, val, NULL, NULL, 0);
}

void upcr_futex_wake(volatile uint32_t *addr, int n)
{
	syscall(SYS_futex, (uint32_t *)addr, FUTEX_WAKE, n, NULL, NULL, 0);
}

static int upcr_spin_fixed; /* UPCR_SPIN given: no adaptation */

int upcr_spin_limit(void)
{
	static int limit = -1;
	if (limit < 0) {
		const char *e = getenv("UPCR_SPIN");
		if (e) {
			limit = atoi(e);
			upcr_spin_fixed = 1;
		} else
			limit = upcr_threads_ <= upcr_ncpu_ ? 2000 : 0;
	}
	return limit;
}

/* The spin budget of barrier waits adapts (per thread) to how long the
 * last waits took: a wait that ends while spinning sets it to twice the
 * spins that wait needed (or lets it decay slowly, by 1/16, if that is
 * less), capped at upcr_spin_limit; one that has to sleep halves it (down
 * to SPIN_FLOOR).  On an idle machine the threads arrive close together and
 * the barrier stays a spin of a few hundred nanoseconds; on a busy one,
 * where the thread being waited for is often descheduled, spinning only
 * burns the time slice it needs, and the barrier becomes a futex sleep
 * like pthread_barrier_wait. */
#define SPIN_FLOOR 16
static int spin_budget = -1;

static int upcr_yield_limit(void)
{
	static int limit = -1;
	if (limit < 0) {
		const char *e = getenv("UPCR_YIELDS");
		limit = e ? atoi(e) : 2 * upcr_threads_;
	}
	return limit;
}

static inline void cpu_relax(void) { __builtin_ia32_pause(); }

/* The classic three-state futex mutex (0 free, 1 locked, 2 contended). */
void upcr_mutex_lock(upcr_mutex_t *m)
{
	uint32_t c = 0;
	if (__atomic_compare_exchange_n(&m->word, &c, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return;
	for (int i = 0; i < 100; i++) {
		cpu_relax();
		c = 0;
		if (__atomic_compare_exchange_n(&m->word, &c, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			return;
	}
	c = __atomic_exchange_n(&m->word, 2, __ATOMIC_ACQUIRE);
	while (c != 0) {
		upcr_futex_wait(&m->word, 2);
		c = __atomic_exchange_n(&m->word, 2, __ATOMIC_ACQUIRE);
	}
}

void upcr_mutex_unlock(upcr_mutex_t *m)
{
	if (__atomic_exchange_n(&m->word, 0, __ATOMIC_RELEASE) == 2)
		upcr_futex_wake(&m->word, 1);
}

/* Wait until *gen moves past g: bounded spin, then futex sleep.  sleepers
 * counts the sleeping waiters so the releasing thread can skip the wake-up
 * system call when everybody is still spinning. */
static void wait_generation(volatile uint32_t *gen, volatile uint32_t *sleepers, uint32_t g)
{
	int limit = upcr_spin_limit();
	if (spin_budget < 0 || upcr_spin_fixed)
		spin_budget = limit;
	int spin = spin_budget;
	for (int i = 0; i < spin; i++) {
		if (__atomic_load_n(gen, __ATOMIC_ACQUIRE) != g) {
			if (!upcr_spin_fixed) {
				int want = 2 * i + SPIN_FLOOR;
				int decayed = spin_budget - spin_budget / 16;
				spin_budget = want > decayed ? want : decayed;
				if (spin_budget > limit)
					spin_budget = limit;
			}
			return;
		}
		cpu_relax();
	}
	if (!upcr_spin_fixed && spin_budget > SPIN_FLOOR)
		spin_budget = spin_budget / 2 > SPIN_FLOOR ? spin_budget / 2 : SPIN_FLOOR;
	/* Oversubscribed (more threads than CPUs): the threads still to
	 * arrive need this CPU, and a yield hands it over without the cost
	 * of a futex sleep and wake-up; sleep only if that does not help. */
	if (upcr_threads_ > upcr_ncpu_)
		for (int i = 0; i < upcr_yield_limit(); i++) {
			if (__atomic_load_n(gen, __ATOMIC_ACQUIRE) != g)
				return;
			sched_yield();
		}
	__atomic_add_fetch(sleepers, 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(gen, __ATOMIC_SEQ_CST) == g)
		upcr_futex_wait(gen, g);
	__atomic_sub_fetch(sleepers, 1, __ATOMIC_SEQ_CST);
}

static void release_generation(volatile uint32_t *gen, volatile uint32_t *sleepers)
{
	__atomic_add_fetch(gen, 1, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&upcr_ctl_->progress, 1, __ATOMIC_RELAXED);
	if (__atomic_load_n(sleepers, __ATOMIC_SEQ_CST) != 0)
		upcr_futex_wake(gen, INT_MAX);
}

void upcr_wait_while_eq(volatile uint32_t *addr, uint32_t val)
{
	if (__atomic_load_n(addr, __ATOMIC_ACQUIRE) != val)
		return;
	upcr_set_blocked(UPCR_OP_WAITFLAG, UPCR_NOLOC);
	int spin = upcr_spin_limit();
	for (int i = 0; i < spin; i++) {
		if (__atomic_load_n(addr, __ATOMIC_ACQUIRE) != val)
			goto done;
		cpu_relax();
	}
	while (__atomic_load_n(addr, __ATOMIC_SEQ_CST) == val)
		upcr_futex_wait(addr, val);
done:
	__atomic_add_fetch(&upcr_ctl_->progress, 1, __ATOMIC_RELAXED);
	upcr_set_running();
}

void upcr_wake_all(volatile uint32_t *addr) { upcr_futex_wake(addr, INT_MAX); }

/* ------------------------------------------------------------------ */
/* User barriers                                                        */
/* ------------------------------------------------------------------ */


/* Called by the last thread to arrive at a barrier phase. */
static void check_phase(uint32_t p)
{
	char msg[2 * UPCR_REPORT_LEN];
	int bad;
	upcr_loc_t loc;
	const char *kind = upcr_phase_verdict(p, msg, sizeof msg, &bad, &loc);
	if (kind) {
		upcr_add_report(kind, bad, 1, loc, msg);
		upcr_die();
	}
}

void upcr_notify_kind(int kind, int hasid, int id, upcr_loc_t loc)
{
	upcr_ctl_t *c = upcr_ctl_;
	upcr_notify_begin(kind, hasid, id, loc);
	uint32_t p = upcr_phase_ & 1;
	uint32_t n = __atomic_add_fetch(&c->bar_count, 1, __ATOMIC_ACQ_REL);
	if (n == (uint32_t)upcr_threads_) {
		check_phase(p);
		upcr_model_phase_end();
		c->bar_count = 0;
		release_generation(&c->bar_gen, &c->bar_sleepers);
	}
}

void upcr_wait_kind(int kind, int hasid, int id, upcr_loc_t loc)
{
	uint32_t p = upcr_wait_begin(kind, hasid, id, loc);
	wait_generation(&upcr_ctl_->bar_gen, &upcr_ctl_->bar_sleepers, upcr_phase_);
	upcr_wait_end(kind, hasid, id, loc, p);
	/* a null strict access follows upc_wait */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* ------------------------------------------------------------------ */
/* Collectives: internal barrier and entry hook                          */
/* ------------------------------------------------------------------ */

/* A barrier of all threads, apart from the user's notify/wait phases.
 * With model set it is a synchronisation of the program (a collective's
 * ALLSYNC/MYSYNC point or an internal step) and closes a phase of the
 * network model; the argument comparison of --check is not part of the
 * program and leaves the model alone. */
static void coll_barrier(int model)
{
	upcr_ctl_t *c = upcr_ctl_;
	upcr_thread_ctl_t *me = upcr_me();
	me->coll = upcr_coll_name_ ? upcr_coll_name_ : "collective";
	if (model)
		upcr_model_at_notify();
	uint32_t g = upcr_cphase_;
	uint32_t n = __atomic_add_fetch(&c->cbar_count, 1, __ATOMIC_ACQ_REL);
	if (n == (uint32_t)upcr_threads_) {
		if (model)
			upcr_model_phase_end();
		c->cbar_count = 0;
		release_generation(&c->cbar_gen, &c->cbar_sleepers);
	} else {
		upcr_set_blocked(UPCR_OP_COLL, upcr_coll_loc_);
		wait_generation(&c->cbar_gen, &c->cbar_sleepers, g);
		upcr_set_running();
	}
	upcr_cphase_++;
	if (model)
		upcr_model_after_wait();
}

void upcr_coll_barrier(void) { coll_barrier(1); }

/* Each thread publishes its call in its slot (double-buffered by
 * collective parity) and compares itself with thread 0 after a barrier;
 * the slots of this collective stay intact until the next-but-one. */
void upcr_coll_check_args(const char *name, const uint64_t *args, int nargs, upcr_loc_t loc)
{
	upcr_thread_ctl_t *me = upcr_me();
	uint32_t s = upcr_ccount_++ & 1;
	me->c_name[s] = name;
	me->c_loc[s] = loc;
	me->c_nargs[s] = nargs;
	for (int i = 0; i < nargs; i++)
		me->c_args[s][i] = args[i];
	coll_barrier(0);
	upcr_thread_ctl_t *z = &upcr_ctl_->thr[0];
	upcr_coll_compare(name, loc, nargs, me->c_args[s], z->c_name[s], z->c_loc[s], z->c_nargs[s], z->c_args[s]);
}

void upcr_coll_exit(void)
{
	upcr_coll_name_ = NULL;
	upcr_me()->coll = NULL;
}

/* ------------------------------------------------------------------ */
/* Locks                                                                */
/* ------------------------------------------------------------------ */

static upcr_lockobj_t *lock_obj(upcr_sptr_t l, const char *fn, upcr_loc_t loc)
{
	upcr_lock_check_ptr(l, fn, loc);
	upcr_lockobj_t *o = (upcr_lockobj_t *)upcr_addr(l);
	upcr_lock_check_obj(o, fn, loc);
	return o;
}

static void lock_acquired(upcr_lockobj_t *o, upcr_sptr_t l, upcr_loc_t loc)
{
	o->owner = upcr_mythread_;
	o->lock_loc = loc;
	upcr_lock_count(l, 1, loc);
}

void upcr_lock(upcr_sptr_t l, upcr_loc_t loc)
{
	upcr_lockobj_t *o = lock_obj(l, "upc_lock", loc);
	upcr_note_loc(loc);
	upcr_lock_check_relock(o, "upc_lock", loc);
	uint32_t c = 0;
	if (!__atomic_compare_exchange_n(&o->word, &c, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
		upcr_thread_ctl_t *me = upcr_me();
		me->lock = l;
		upcr_set_blocked(UPCR_OP_LOCK, loc);
		int spin = upcr_spin_limit();
		int got = 0;
		for (int i = 0; i < spin && !got; i++) {
			__builtin_ia32_pause();
			c = 0;
			got = __atomic_compare_exchange_n(&o->word, &c, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
		}
		if (!got) {
			c = __atomic_exchange_n(&o->word, 2, __ATOMIC_ACQUIRE);
			while (c != 0) {
				upcr_futex_wait(&o->word, 2);
				c = __atomic_exchange_n(&o->word, 2, __ATOMIC_ACQUIRE);
			}
		}
		__atomic_add_fetch(&upcr_ctl_->progress, 1, __ATOMIC_RELAXED);
		upcr_set_running();
	}
	lock_acquired(o, l, loc);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

int upcr_lock_attempt(upcr_sptr_t l, upcr_loc_t loc)
{
	upcr_lockobj_t *o = lock_obj(l, "upc_lock_attempt", loc);
	upcr_note_loc(loc);
	upcr_lock_check_relock(o, "upc_lock_attempt", loc);
	uint32_t c = 0;
	int ok = __atomic_compare_exchange_n(&o->word, &c, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
	if (ok)
		lock_acquired(o, l, loc);
	else
		upcr_lock_count(l, 0, loc);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return ok;
}

void upcr_unlock(upcr_sptr_t l, upcr_loc_t loc)
{
	upcr_lockobj_t *o = lock_obj(l, "upc_unlock", loc);
	upcr_note_loc(loc);
	upcr_lock_check_unlock(o, loc);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	o->owner = -1;
	upcr_lock_count(l, 1, loc);
	if (__atomic_exchange_n(&o->word, 0, __ATOMIC_RELEASE) == 2)
		upcr_futex_wake(&o->word, 1);
}

/* ------------------------------------------------------------------ */
/* upc_global_exit                                                      */
/* ------------------------------------------------------------------ */

void upcr_global_exit(int status, upcr_loc_t loc)
{
	upcr_note_loc(loc);
	upcr_ctl_t *c = upcr_ctl_;
	upcr_thread_ctl_t *me = upcr_me();
	me->exit_code = status;
	c->global_exit_status = status;
	__atomic_store_n(&c->global_exit, 1, __ATOMIC_SEQ_CST);
	upcr_stats_publish(1);
	fflush(NULL);
	_exit(status & 0xff);
}
