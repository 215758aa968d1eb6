/*
 * upcr_mpi_sync.c - the MPI-3 backend's barriers (6.6.1), the collectives'
 * internal barrier and argument check, locks (7.2.4), upc_global_exit
 * and the deadlock watchdog.
 *
 * Waits poll a request (or a lock word) and, while blocked, keep the
 * thread's slot up to date: state, operation and location, as in the SMP
 * runtime.  Rank 0 is the watchdog: when it has been blocked for the
 * deadlock interval it reads every rank's slot with MPI_Rget; if every
 * thread is blocked or has exited, and no blocking operation completed
 * anywhere between two such reads, it reports the deadlock (where each
 * thread waits) and stops the program.
 */
#include "upcr_mpi.h"

#include <math.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

long upcr_mpi_deadlock_ms = 2000;
long upcr_mpi_timeout_ms;
double upcr_mpi_t0;

/* ---- reading other ranks' slots, with a deadline ---- */

/* Get n bytes from a rank, giving up after `ms` (the rank may be stuck
 * outside MPI, e.g. in an endless loop, with a transport that needs the
 * target to make progress).  Returns 0 on success. */
int upcr_mpi_get_deadline(void *dst, int rank, MPI_Aint disp, size_t n, double ms)
{
	if (rank == upcr_mythread_) {
		memcpy(dst, upcr_mybase_ + (disp - (MPI_Aint)upcr_disp0_), n);
		return 0;
	}
	MPI_Request rq;
	if (MPI_Rget(dst, (int)n, MPI_BYTE, rank, disp, (int)n, MPI_BYTE, upcr_win_, &rq) != MPI_SUCCESS)
		return -1;
	double end = upcr_now_ns() + ms * 1e6;
	int done = 0;
	while (!done) {
		MPI_Test(&rq, &done, MPI_STATUS_IGNORE);
		if (!done && upcr_now_ns() > end)
			return -1; /* the request leaks: we are about to stop */
	}
	return 0;
}

static MPI_Aint thr_disp(int t) { return upcr_ctl_disp(&upcr_ctl_->thr[t]); }

/* Copy every other thread's slot into this rank's control region. */
static void fetch_slots(upcr_mpi_slot_t *slots, double ms)
{
	for (int t = 0; t < upcr_threads_; t++) {
		if (t == upcr_mythread_) {
			slots[t] = *upcr_slot_;
			continue;
		}
		if (upcr_mpi_get_deadline((void *)&upcr_ctl_->thr[t], t, thr_disp(t), sizeof(upcr_thread_ctl_t), ms) != 0) {
			upcr_ctl_->thr[t].state = UPCR_ST_RUNNING;
			upcr_ctl_->thr[t].loc = UPCR_NOLOC;
		}
		if (upcr_mpi_get_deadline(&slots[t], t, upcr_slot_disp(), sizeof slots[t], ms) != 0)
			memset(&slots[t], 0, sizeof slots[t]);
	}
}

/* ---- describing where the threads are (as the SMP launcher does) ---- */


static int lock_owner(upcr_sptr_t l)
{
	upcr_lockobj_t o;
	return upcr_mpi_get_deadline(&o, (int)l.thread, upcr_disp(l), sizeof o, 500) == 0 ? o.owner : -1;
}

static const upcr_mpi_slot_t *described; /* the slots describe reads */

static void describe(int t, char *buf, size_t len)
{
	upcr_describe_thread(t, described[t].coll[0] ? described[t].coll : NULL, lock_owner, buf, len);
}

static void describe_all(const upcr_mpi_slot_t *slots, char *msg, size_t len)
{
	described = slots;
	upcr_describe_all(msg, len, describe);
}

/* ---- waiting, with the watchdog ---- */

static int all_stuck(const upcr_mpi_slot_t *s)
{
	for (int t = 0; t < upcr_threads_; t++) {
		uint32_t st = upcr_ctl_->thr[t].state;
		if (st != UPCR_ST_BLOCKED && st != UPCR_ST_EXITING && st != UPCR_ST_DONE)
			return 0;
	}
	(void)s;
	return 1;
}

static void watchdog(double *since, int *probe, uint64_t *snap)
{
	double now = upcr_now_ns();
	if (upcr_mpi_timeout_ms > 0 && now - upcr_mpi_t0 > (double)upcr_mpi_timeout_ms * 1e6) {
		upcr_mpi_slot_t *slots = calloc((size_t)upcr_threads_, sizeof *slots);
		char msg[UPCR_REPORT_LEN], who[UPCR_REPORT_LEN - 80];
		fetch_slots(slots, 500);
		describe_all(slots, who, sizeof who);
		snprintf(msg, sizeof msg, "timeout after %.1f s: %s", (double)upcr_mpi_timeout_ms / 1000.0, who);
		upcr_add_report("timeout", -1, 1, UPCR_NOLOC, msg);
		upcr_stats_publish(1);
		upcr_mpi_abort(124);
	}
	if (upcr_mythread_ != 0 || upcr_mpi_deadlock_ms <= 0)
		return;
	double interval = (double)upcr_mpi_deadlock_ms * 1e6;
	if (now - *since < (*probe ? interval + interval / 4 : interval))
		return;
	int T = upcr_threads_;
	upcr_mpi_slot_t *slots = calloc((size_t)T, sizeof *slots);
	fetch_slots(slots, 500);
	int stuck = all_stuck(slots);
	uint64_t sum = 0;
	for (int t = 0; t < T; t++)
		sum += slots[t].progress * 2654435761u + (uint64_t)t;
	if (!stuck) {
		*probe = 0;
		*since = now;
	} else if (!*probe || sum != *snap) {
		*probe = 1;
		*snap = sum;
	} else {
		char msg[UPCR_REPORT_LEN], who[UPCR_REPORT_LEN - 20];
		describe_all(slots, who, sizeof who);
		snprintf(msg, sizeof msg, "deadlock: %s", who);
		upcr_loc_t loc = UPCR_NOLOC;
		for (int t = 0; t < T && loc == UPCR_NOLOC; t++)
			if (upcr_ctl_->thr[t].state == UPCR_ST_BLOCKED)
				loc = upcr_ctl_->thr[t].loc;
		upcr_add_report("deadlock", -1, 1, loc, msg);
		upcr_stats_publish(1);
		upcr_mpi_abort(70);
	}
	free(slots);
}

void upcr_mpi_wait(upcr_poll_fn done, void *arg)
{
	double since = upcr_now_ns();
	int probe = 0;
	uint64_t snap = 0;
	unsigned spins = 0;
	long nap = 10000; /* ns */
	/* poll, then yield, then sleep with a growing nap: a rank that waits
	 * long must not take the CPU from the ranks it waits for (there may
	 * be more ranks than cores, and other work) */
	int oversub = upcr_threads_ > upcr_ncpu_;
	unsigned poll = oversub ? 16 : 2000, yield = oversub ? 64 : 4000;
	while (!done(arg)) {
		spins++;
		/* without a shared window the one-sided operations of other
		 * ranks on this one progress only while it calls MPI: no naps */
		if (spins > yield && upcr_mpi_shared_) {
			struct timespec ts = {0, nap};
			nanosleep(&ts, NULL);
			if (nap < 500000)
				nap += nap / 2;
		} else if (spins > poll && (upcr_mpi_shared_ || oversub))
			sched_yield();
		if ((spins & 15) == 0)
			watchdog(&since, &probe, &snap);
	}
	upcr_slot_->progress++;
}

static int req_done(void *arg)
{
	int flag = 0;
	MPI_Test((MPI_Request *)arg, &flag, MPI_STATUS_IGNORE);
	return flag;
}

void upcr_mpi_wait_req(MPI_Request *req) { upcr_mpi_wait(req_done, req); }

/* ---- user barriers ---- */

/* Per thread, what upc_notify publishes: kind, hasid, id, location, the
 * thread's modeled cost of the phase (double bits); then the demand on
 * each thread (picoseconds).  Summed over threads, each filling only its
 * own entries. */
#define REC 5
/* Phases of the network model completed (user and collective barriers):
 * the parity upcr_stats.c uses for its per-phase accumulators. */
static uint32_t model_phases;
static uint64_t *bar_send, *bar_recv;
static MPI_Request bar_req = MPI_REQUEST_NULL;

static void phase_exchange_start(int kind, int hasid, int id, upcr_loc_t loc, MPI_Request *rq)
{
	uint32_t p = model_phases & 1;
	int T = upcr_threads_, me = upcr_mythread_;
	if (!bar_send) {
		bar_send = calloc((size_t)T * (REC + 1), sizeof *bar_send);
		bar_recv = calloc((size_t)T * (REC + 1), sizeof *bar_recv);
	}
	memset(bar_send, 0, (size_t)T * (REC + 1) * sizeof *bar_send);
	upcr_thread_ctl_t *c = upcr_me();
	uint64_t *r = bar_send + (size_t)me * REC;
	r[0] = (uint64_t)kind;
	r[1] = (uint64_t)hasid;
	r[2] = (uint64_t)(uint32_t)id;
	r[3] = (uint64_t)loc;
	double pc = c->phase_comm[p];
	memcpy(&r[4], &pc, sizeof pc);
	uint64_t *loads = bar_send + (size_t)T * REC;
	for (int t = 0; t < T; t++) {
		loads[t] = upcr_ctl_->thr[t].load_ps[p];
		upcr_ctl_->thr[t].load_ps[p] = 0;
	}
	MPI_Iallreduce(bar_send, bar_recv, T * (REC + 1), MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, rq);
}

/* Spread the exchanged records into the control region. */
static void phase_exchange_end(uint32_t p)
{
	uint32_t mp = model_phases & 1;
	int T = upcr_threads_;
	uint64_t *loads = bar_recv + (size_t)T * REC;
	for (int t = 0; t < T; t++) {
		upcr_thread_ctl_t *c = &upcr_ctl_->thr[t];
		uint64_t *r = bar_recv + (size_t)t * REC;
		c->n_kind[p] = (int32_t)r[0];
		c->n_hasid[p] = (int32_t)r[1];
		c->n_id[p] = (int32_t)(uint32_t)r[2];
		c->n_loc[p] = (upcr_loc_t)r[3];
		double pc;
		memcpy(&pc, &r[4], sizeof pc);
		c->phase_comm[mp] = pc;
		c->load_ps[mp] = loads[t];
	}
}

/* Every rank computes the same verdict from the same records, and rank 0
 * reports it. */
static void check_phase(uint32_t p)
{
	char msg[2 * UPCR_REPORT_LEN];
	int bad;
	upcr_loc_t loc;
	const char *kind = upcr_phase_verdict(p, msg, sizeof msg, &bad, &loc);
	if (!kind)
		return;
	if (upcr_mythread_ == 0) {
		upcr_add_report(kind, bad, 1, loc, msg);
		upcr_die();
	}
	/* the others wait for rank 0 to stop the program */
	upcr_set_blocked(UPCR_OP_BARRIER, UPCR_NOLOC);
	for (;;) {
		int f;
		MPI_Iprobe(MPI_ANY_SOURCE, 0x7570, MPI_COMM_WORLD, &f, MPI_STATUS_IGNORE);
		struct timespec ts = {0, 1000000};
		nanosleep(&ts, NULL);
	}
}

void upcr_notify_kind(int kind, int hasid, int id, upcr_loc_t loc)
{
	upcr_notify_begin(kind, hasid, id, loc);
	phase_exchange_start(kind, hasid, id, loc, &bar_req);
}

void upcr_wait_kind(int kind, int hasid, int id, upcr_loc_t loc)
{
	uint32_t p = upcr_wait_begin(kind, hasid, id, loc);
	upcr_mpi_wait_req(&bar_req);
	phase_exchange_end(p);
	check_phase(p);
	upcr_model_phase_end();
	upcr_wait_end(kind, hasid, id, loc, p);
	model_phases++;
	MPI_Win_sync(upcr_win_); /* a null strict access follows upc_wait */
}

/* ---- collectives: internal barrier and entry hook ---- */

static void show_coll(void)
{
	snprintf(upcr_slot_->coll, sizeof upcr_slot_->coll, "%s", upcr_coll_name_ ? upcr_coll_name_ : "collective");
}

static void coll_barrier(int model)
{
	show_coll();
	upcr_rma_flush_all();
	MPI_Request rq;
	upcr_set_blocked(UPCR_OP_COLL, upcr_coll_loc_);
	if (model) {
		upcr_model_at_notify();
		uint32_t mp = model_phases & 1;
		int T = upcr_threads_, me = upcr_mythread_;
		uint64_t *send = calloc((size_t)T * 2, sizeof *send), *recv = calloc((size_t)T * 2, sizeof *recv);
		double pc = upcr_me()->phase_comm[mp];
		memcpy(&send[me], &pc, sizeof pc);
		for (int t = 0; t < T; t++) {
			send[T + t] = upcr_ctl_->thr[t].load_ps[mp];
			upcr_ctl_->thr[t].load_ps[mp] = 0;
		}
		MPI_Iallreduce(send, recv, 2 * T, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, &rq);
		upcr_mpi_wait_req(&rq);
		for (int t = 0; t < T; t++) {
			memcpy(&pc, &recv[t], sizeof pc);
			upcr_ctl_->thr[t].phase_comm[mp] = pc;
			upcr_ctl_->thr[t].load_ps[mp] = recv[T + t];
		}
		free(send);
		free(recv);
		upcr_model_phase_end();
	} else {
		MPI_Ibarrier(MPI_COMM_WORLD, &rq);
		upcr_mpi_wait_req(&rq);
	}
	upcr_set_running();
	MPI_Win_sync(upcr_win_);
	upcr_cphase_++;
	if (model) {
		upcr_model_after_wait();
		model_phases++;
	}
}

void upcr_coll_barrier(void) { coll_barrier(1); }

/* A collective's call as --check compares it across threads. */
typedef struct {
	char name[48];
	uint64_t loc;
	uint64_t nargs;
	uint64_t args[8];
} coll_call_t;

/* Thread 0's call, broadcast, is compared on every thread. */
void upcr_coll_check_args(const char *name, const uint64_t *args, int nargs, upcr_loc_t loc)
{
	coll_call_t mine, zero;
	memset(&mine, 0, sizeof mine);
	snprintf(mine.name, sizeof mine.name, "%s", name);
	mine.loc = loc;
	mine.nargs = (uint64_t)nargs;
	for (int i = 0; i < nargs; i++)
		mine.args[i] = args[i];
	zero = mine;
	MPI_Request rq;
	show_coll();
	upcr_set_blocked(UPCR_OP_COLL, loc);
	MPI_Ibcast(&zero, sizeof zero, MPI_BYTE, 0, MPI_COMM_WORLD, &rq);
	upcr_mpi_wait_req(&rq);
	upcr_set_running();
	upcr_coll_compare(mine.name, loc, nargs, mine.args, zero.name, (upcr_loc_t)zero.loc, (int)zero.nargs, zero.args);
}

void upcr_coll_exit(void)
{
	upcr_coll_name_ = NULL;
	upcr_slot_->coll[0] = 0;
}

/* Flag waits of the libraries shared with the SMP backend (semaphores):
 * on one node the flag is in a shared window; poll it with the watchdog. */
typedef struct {
	volatile uint32_t *addr;
	uint32_t val;
} flag_wait_t;

static int flag_moved(void *arg)
{
	flag_wait_t *w = arg;
	return __atomic_load_n(w->addr, __ATOMIC_ACQUIRE) != w->val;
}

void upcr_wait_while_eq(volatile uint32_t *addr, uint32_t val)
{
	if (__atomic_load_n(addr, __ATOMIC_ACQUIRE) != val)
		return;
	upcr_set_blocked(UPCR_OP_WAITFLAG, UPCR_NOLOC);
	flag_wait_t w = {addr, val};
	upcr_mpi_wait(flag_moved, &w);
	upcr_set_running();
}

void upcr_wake_all(volatile uint32_t *addr) { (void)addr; /* waiters poll */ }

/* ---- locks: a 32-bit word (0 free, else holder + 1) updated with MPI
 * atomics; owner and location are written by the holder ---- */

static void lock_read(upcr_sptr_t l, upcr_lockobj_t *o, const char *fn, upcr_loc_t loc)
{
	upcr_lock_check_ptr(l, fn, loc);
	if (upcr_is_local(l)) {
		MPI_Win_sync(upcr_win_);
		memcpy(o, upcr_mybase_ + l.off, sizeof *o);
	} else
		upcr_rma_get(o, (int)l.thread, upcr_disp(l), sizeof *o);
	upcr_lock_check_obj(o, fn, loc);
}

static MPI_Aint lock_field(upcr_sptr_t l, size_t off) { return upcr_disp(l) + (MPI_Aint)off; }

static void lock_acquired(upcr_sptr_t l, upcr_loc_t loc)
{
	struct {
		int32_t owner;
		uint32_t freed;
		upcr_loc_t lock_loc;
	} f = {upcr_mythread_, 0, loc};
	upcr_rma_put((int)l.thread, lock_field(l, offsetof(upcr_lockobj_t, owner)), &f, sizeof f);
	MPI_Win_flush((int)l.thread, upcr_win_);
	MPI_Win_sync(upcr_win_);
	upcr_lock_count(l, 1, loc);
}

typedef struct {
	upcr_sptr_t l;
	unsigned tries;
} lock_try_t;

static int lock_poll(void *arg)
{
	lock_try_t *a = arg;
	/* back off: a remote compare-and-swap per poll would flood the
	 * lock's owner */
	if ((++a->tries & 7) != 0 && upcr_threads_ <= upcr_ncpu_)
		return 0;
	return upcr_rma_cas32((int)a->l.thread, lock_field(a->l, offsetof(upcr_lockobj_t, word)), 0,
			      (uint32_t)upcr_mythread_ + 1) == 0;
}

void upcr_lock(upcr_sptr_t l, upcr_loc_t loc)
{
	upcr_lockobj_t o;
	lock_read(l, &o, "upc_lock", loc);
	upcr_note_loc(loc);
	upcr_lock_check_relock(&o, "upc_lock", loc);
	upcr_rma_flush_all();
	if (upcr_rma_cas32((int)l.thread, lock_field(l, offsetof(upcr_lockobj_t, word)), 0,
			   (uint32_t)upcr_mythread_ + 1) != 0) {
		upcr_thread_ctl_t *me = upcr_me();
		me->lock = l;
		upcr_set_blocked(UPCR_OP_LOCK, loc);
		lock_try_t a = {l, 0};
		upcr_mpi_wait(lock_poll, &a);
		upcr_set_running();
	}
	lock_acquired(l, loc);
}

int upcr_lock_attempt(upcr_sptr_t l, upcr_loc_t loc)
{
	upcr_lockobj_t o;
	lock_read(l, &o, "upc_lock_attempt", loc);
	upcr_note_loc(loc);
	upcr_lock_check_relock(&o, "upc_lock_attempt", loc);
	upcr_rma_flush_all();
	int ok = upcr_rma_cas32((int)l.thread, lock_field(l, offsetof(upcr_lockobj_t, word)), 0,
				(uint32_t)upcr_mythread_ + 1) == 0;
	if (ok)
		lock_acquired(l, loc);
	else
		upcr_lock_count(l, 0, loc);
	return ok;
}

void upcr_unlock(upcr_sptr_t l, upcr_loc_t loc)
{
	upcr_lockobj_t o;
	lock_read(l, &o, "upc_unlock", loc);
	upcr_note_loc(loc);
	upcr_lock_check_unlock(&o, loc);
	/* release: every access of the critical section completes first */
	upcr_rma_flush_all();
	int32_t none = -1;
	upcr_rma_put((int)l.thread, lock_field(l, offsetof(upcr_lockobj_t, owner)), &none, sizeof none);
	MPI_Win_flush((int)l.thread, upcr_win_);
	uint32_t zero = 0, old;
	MPI_Fetch_and_op(&zero, &old, MPI_UINT32_T, (int)l.thread, lock_field(l, offsetof(upcr_lockobj_t, word)),
			 MPI_REPLACE, upcr_win_);
	MPI_Win_flush((int)l.thread, upcr_win_);
	upcr_lock_count(l, 1, loc);
}

/* ---- upc_global_exit ---- */

void upcr_global_exit(int status, upcr_loc_t loc)
{
	upcr_note_loc(loc);
	upcr_ctl_t *c = upcr_ctl_;
	upcr_me()->exit_code = status;
	upcr_slot_->exit_code = status;
	c->global_exit_status = status;
	c->global_exit = 1;
	upcr_rma_flush_all();
	upcr_stats_publish(1);
	upcr_mpi_abort(status & 0xff);
}
