/*
 * upcr_sync_common.c - what barriers, collectives and locks check, the
 * same on every backend: the verdict on a completed phase from the
 * threads' notify records, thread lists for reports, the user barrier's
 * steps around each backend's wait, the collectives' entry hook and the
 * checks of a lock.
 */
#include "upcr_internal.h"

#include <stdio.h>
#include <stdlib.h>

void upcr_thread_list(char *buf, size_t len, const int *set, int n)
{
	size_t o = 0;
	buf[0] = 0;
	for (int i = 0; i < n && o < len; i++) {
		int j = i;
		while (j + 1 < n && set[j + 1] == set[j] + 1)
			j++;
		if (j - i >= 2)
			o += (size_t)snprintf(buf + o, len - o, "%s%d-%d", o ? "," : "", set[i], set[j]);
		else
			for (int k = i; k <= j && o < len; k++)
				o += (size_t)snprintf(buf + o, len - o, "%s%d", o ? "," : "", set[k]);
		i = j;
	}
}

/* The check of a completed barrier phase from every thread's notify
 * record (6.6.1 semantic 7, and the start-up and termination barriers'
 * values outside int): NULL if it passes, else the report's kind, with
 * the message, the thread to blame (-1 for none) and the location.  Sets
 * the consensus of the notify ids for upc_wait. */
const char *upcr_phase_verdict(uint32_t p, char *msg, size_t msglen, int *badp, upcr_loc_t *locp)
{
	upcr_ctl_t *c = upcr_ctl_;
	int T = upcr_threads_;
	int *exitset = calloc((size_t)T, sizeof(int)), *userset = calloc((size_t)T, sizeof(int));
	int nexit = 0, nuser = 0;
	const char *kind = NULL;
	int bad = -1;
	upcr_loc_t loc = UPCR_NOLOC;
	for (int t = 0; t < T; t++) {
		if (c->thr[t].n_kind[p] == UPCR_BK_EXIT)
			exitset[nexit++] = t;
		else
			userset[nuser++] = t;
	}
	if (nexit > 0 && nuser > 0) {
		char who[200], where[256];
		size_t o = (size_t)snprintf(msg, msglen, "deadlock: ");
		int *done = calloc((size_t)T, sizeof(int)), *grp = calloc((size_t)T, sizeof(int));
		for (int i = 0; i < nuser; i++) {
			if (done[i])
				continue;
			int ng = 0;
			for (int j = i; j < nuser; j++)
				if (!done[j] && c->thr[userset[j]].n_loc[p] == c->thr[userset[i]].n_loc[p] &&
				    c->thr[userset[j]].n_kind[p] == c->thr[userset[i]].n_kind[p]) {
					grp[ng++] = userset[j];
					done[j] = 1;
				}
			upcr_thread_list(who, sizeof who, grp, ng);
			upcr_format_loc(where, sizeof where, c->thr[userset[i]].n_loc[p]);
			o += (size_t)snprintf(msg + o, msglen - o, "%s%s %s %s at %s (%s)", i ? "; " : "",
					      ng > 1 ? "threads" : "thread", who, ng > 1 ? "wait" : "waits",
					      c->thr[userset[i]].n_kind[p] == UPCR_BK_START ? "startup barrier" : "barrier",
					      where);
			if (o >= msglen)
				break;
		}
		free(done);
		free(grp);
		upcr_thread_list(who, sizeof who, exitset, nexit);
		if (o < msglen)
			snprintf(msg + o, msglen - o, "; %s %s exited", nexit > 1 ? "threads" : "thread", who);
		kind = "deadlock";
		loc = c->thr[userset[0]].n_loc[p];
	}
	int have = 0, cons = 0, best = 0;
	for (int t = 0; t < T && !kind; t++) {
		if (!c->thr[t].n_hasid[p])
			continue;
		int v = c->thr[t].n_id[p], cnt = 0;
		for (int u = 0; u < T; u++)
			if (c->thr[u].n_hasid[p] && c->thr[u].n_id[p] == v)
				cnt++;
		if (!have || cnt > best) {
			have = 1;
			cons = v;
			best = cnt;
		}
	}
	if (have && !kind) {
		int nodd = 0, nagree = 0, odd0 = -1;
		int *agree = userset; /* reused */
		for (int t = 0; t < T; t++) {
			if (!c->thr[t].n_hasid[p])
				continue;
			if (c->thr[t].n_id[p] != cons) {
				if (nodd++ == 0)
					odd0 = t;
			} else
				agree[nagree++] = t;
		}
		if (nodd > 0) {
			char who[200], where[256], where2[256];
			upcr_thread_list(who, sizeof who, agree, nagree);
			upcr_format_loc(where, sizeof where, c->thr[odd0].n_loc[p]);
			upcr_format_loc(where2, sizeof where2, c->thr[agree[0]].n_loc[p]);
			snprintf(msg, msglen,
				 "barrier id mismatch: thread %d waited with id %d while %s %s notified %d, at %s "
				 "(they notified at %s)",
				 odd0, c->thr[odd0].n_id[p], nagree > 1 ? "threads" : "thread", who, cons, where, where2);
			kind = "barrier-mismatch";
			bad = odd0;
			loc = c->thr[odd0].n_loc[p];
		}
	}
	free(exitset);
	free(userset);
	c->bar_cons_hasid[p] = have;
	c->bar_cons_id[p] = cons;
	*badp = bad;
	*locp = loc;
	return kind;
}

/* ---- the state the watchdog and the reports read ---- */

void upcr_set_blocked(uint32_t op, upcr_loc_t loc)
{
	upcr_thread_ctl_t *me = upcr_me();
	if (loc != UPCR_NOLOC)
		me->loc = loc;
	me->op = op;
	__atomic_store_n(&me->state, UPCR_ST_BLOCKED, __ATOMIC_SEQ_CST);
}

void upcr_set_running(void)
{
	upcr_thread_ctl_t *me = upcr_me();
	me->op = UPCR_OP_NONE;
	__atomic_store_n(&me->state, UPCR_ST_RUNNING, __ATOMIC_SEQ_CST);
}

/* ---- user barriers: what both backends do around their wait ---- */

/* upc_notify up to the backend's signal: the checks, the thread's notify
 * record and the model's phase. */
void upcr_notify_begin(int kind, int hasid, int id, upcr_loc_t loc)
{
	upcr_thread_ctl_t *me = upcr_me();
	if (upcr_notified_) {
		char where[256], prev[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_format_loc(prev, sizeof prev, me->n_loc[upcr_phase_ & 1]);
		upcr_fatal("notify-twice", loc,
			   "thread %d called upc_notify at %s twice without upc_wait (previous upc_notify at %s)",
			   upcr_mythread_, kind == UPCR_BK_EXIT ? "program exit" : where, prev);
	}
	if (upcr_forall_depth_ > 0 && upcr_check_ && kind == UPCR_BK_USER) {
		char where[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_warn("collective-in-forall", loc,
			  "thread %d executes a barrier inside upc_forall at %s (undefined in UPC)", upcr_mythread_,
			  where);
	}
	upcr_strict_fence(); /* a null strict access precedes upc_notify */
	if (kind == UPCR_BK_USER)
		upcr_ctr_.barriers++;
	uint32_t p = upcr_phase_ & 1;
	me->n_hasid[p] = hasid;
	me->n_id[p] = id;
	me->n_kind[p] = kind;
	me->n_loc[p] = loc;
	upcr_model_at_notify();
	upcr_stats_publish(0);
	upcr_notified_ = 1;
}

/* upc_wait up to the backend's wait: returns the phase's parity. */
uint32_t upcr_wait_begin(int kind, int hasid, int id, upcr_loc_t loc)
{
	upcr_thread_ctl_t *me = upcr_me();
	if (!upcr_notified_) {
		char where[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_fatal("wait-without-notify", loc, "thread %d called upc_wait at %s without a preceding upc_notify",
			   upcr_mythread_, where);
	}
	me->bar_hasid = hasid;
	me->bar_id = id;
	upcr_set_blocked(kind == UPCR_BK_EXIT ? UPCR_OP_EXIT : kind == UPCR_BK_START ? UPCR_OP_START : UPCR_OP_BARRIER,
			 loc);
	if (kind == UPCR_BK_EXIT)
		__atomic_store_n(&me->state, UPCR_ST_EXITING, __ATOMIC_SEQ_CST);
	return upcr_phase_ & 1;
}

/* upc_wait after the phase completed. */
void upcr_wait_end(int kind, int hasid, int id, upcr_loc_t loc, uint32_t p)
{
	upcr_ctl_t *c = upcr_ctl_;
	if (kind != UPCR_BK_EXIT)
		upcr_set_running();
	upcr_notified_ = 0;
	upcr_phase_++;
	upcr_model_after_wait();
	/* rule 2 of 6.6.1: a wait value must equal the notify consensus */
	if (hasid && c->bar_cons_hasid[p] && c->bar_cons_id[p] != id) {
		char where[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_fatal("barrier-mismatch", loc,
			   "barrier id mismatch: thread %d waited with id %d while all threads notified %d, at %s",
			   upcr_mythread_, id, c->bar_cons_id[p], where);
	}
}

/* The implicit barrier at termination (6.6.1), on exit() and return
 * from main, then the thread's final statistics. */
void upcr_exit_barrier(void)
{
	if (upcr_notified_) {
		char prev[256];
		upcr_format_loc(prev, sizeof prev, upcr_me()->n_loc[upcr_phase_ & 1]);
		upcr_fatal("notify-without-wait", UPCR_NOLOC,
			   "thread %d reached the end of the program between upc_notify (at %s) and upc_wait",
			   upcr_mythread_, prev);
	}
	fflush(stdout);
	upcr_barrier_kind(UPCR_BK_EXIT, 0, 0, UPCR_NOLOC);
	upcr_stats_publish(1);
	__atomic_store_n(&upcr_me()->state, UPCR_ST_DONE, __ATOMIC_SEQ_CST);
}

void upcr_barrier_kind(int kind, int hasid, int id, upcr_loc_t loc)
{
	upcr_notify_kind(kind, hasid, id, loc);
	upcr_wait_kind(kind, hasid, id, loc);
}

void upcr_notify(int hasid, int id, upcr_loc_t loc) { upcr_notify_kind(UPCR_BK_USER, hasid, id, loc); }
void upcr_wait(int hasid, int id, upcr_loc_t loc) { upcr_wait_kind(UPCR_BK_USER, hasid, id, loc); }
void upcr_barrier(int hasid, int id, upcr_loc_t loc) { upcr_barrier_kind(UPCR_BK_USER, hasid, id, loc); }

/* ---- collectives: the entry hook ---- */

const char *upcr_coll_name_;
upcr_loc_t upcr_coll_loc_;

static void describe_call(char *buf, size_t len, const char *name, upcr_loc_t loc, int nargs,
			  const volatile uint64_t *args)
{
	char where[256];
	size_t o = (size_t)snprintf(buf, len, "%s(", name ? name : "?");
	for (int i = 0; i < nargs && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%llu", i ? ", " : "", (unsigned long long)args[i]);
	upcr_format_loc(where, sizeof where, loc);
	if (o < len)
		snprintf(buf + o, len - o, ") at %s", where);
}

void upcr_coll_compare(const char *name, upcr_loc_t loc, int nargs, const volatile uint64_t *args,
		       const char *zname, upcr_loc_t zloc, int znargs, const volatile uint64_t *zargs)
{
	int bad = strcmp(zname, name) != 0 || znargs != nargs;
	for (int i = 0; !bad && i < nargs; i++)
		bad = zargs[i] != args[i];
	if (!bad)
		return;
	char mine[300], theirs[300];
	describe_call(mine, sizeof mine, name, loc, nargs, args);
	describe_call(theirs, sizeof theirs, zname, zloc, znargs, zargs);
	upcr_fatal("collective-mismatch", loc,
		   "collective mismatch: thread %d called %s while thread 0 called %s "
		   "(collectives need the same call with single-valued arguments on every thread)",
		   upcr_mythread_, mine, theirs);
}

void upcr_coll_enter(const char *name, const uint64_t *args, int nargs, size_t bytes, upcr_loc_t loc)
{
	if (upcr_notified_) {
		char where[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_fatal("collective-in-split-phase", loc,
			   "thread %d calls %s at %s between upc_notify and upc_wait (a collective is not allowed there)",
			   upcr_mythread_, name, where);
	}
	if (upcr_forall_depth_ > 0 && upcr_check_) {
		char where[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_warn("collective-in-forall", loc, "thread %d calls %s inside upc_forall at %s (undefined in UPC)",
			  upcr_mythread_, name, where);
	}
	upcr_note_loc(loc);
	upcr_coll_name_ = name;
	upcr_coll_loc_ = loc;
	upcr_me()->coll = name;
	upcr_ctr_.collectives++;
	upcr_ctr_.collective_bytes += bytes;
	if (upcr_check_)
		upcr_coll_check_args(name, args, nargs > 8 ? 8 : nargs, loc);
}

/* ---- locks: the checks of a lock and of its use ---- */

void upcr_lock_check_ptr(upcr_sptr_t l, const char *fn, upcr_loc_t loc)
{
	char where[256];
	if (upcr_isnull(l)) {
		upcr_format_loc(where, sizeof where, loc);
		upcr_fatal("bad-lock", loc, "thread %d calls %s with a null lock pointer at %s", upcr_mythread_, fn,
			   where);
	}
	if (l.thread >= (uint32_t)upcr_threads_ || l.off < UPCR_GUARD || l.off + sizeof(upcr_lockobj_t) > upcr_partsize_) {
		upcr_format_loc(where, sizeof where, loc);
		upcr_fatal("bad-lock", loc, "thread %d calls %s with an invalid lock pointer at %s", upcr_mythread_,
			   fn, where);
	}
}

void upcr_lock_check_obj(const volatile upcr_lockobj_t *o, const char *fn, upcr_loc_t loc)
{
	char where[256];
	if (o->magic != UPCR_LOCK_MAGIC) {
		upcr_format_loc(where, sizeof where, loc);
		upcr_fatal("bad-lock", loc, "thread %d calls %s at %s on something that is not a lock", upcr_mythread_,
			   fn, where);
	}
	if (o->freed) {
		char al[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_format_loc(al, sizeof al, o->alloc_loc);
		upcr_fatal("lock-freed", loc, "thread %d calls %s at %s on a lock that was freed (allocated at %s)",
			   upcr_mythread_, fn, where, al);
	}
}

void upcr_lock_check_relock(const volatile upcr_lockobj_t *o, const char *fn, upcr_loc_t loc)
{
	if (o->owner == upcr_mythread_) {
		char where[256], prev[256];
		upcr_format_loc(where, sizeof where, loc);
		upcr_format_loc(prev, sizeof prev, o->lock_loc);
		upcr_fatal("relock", loc, "thread %d calls %s at %s on a lock it already holds (locked at %s)",
			   upcr_mythread_, fn, where, prev);
	}
}

void upcr_lock_check_unlock(const volatile upcr_lockobj_t *o, upcr_loc_t loc)
{
	int owner = o->owner;
	if (owner == upcr_mythread_)
		return;
	char where[256], prev[256];
	upcr_format_loc(where, sizeof where, loc);
	if (owner < 0)
		upcr_fatal("unlock-not-held", loc, "thread %d calls upc_unlock at %s on a lock that is not locked",
			   upcr_mythread_, where);
	upcr_format_loc(prev, sizeof prev, o->lock_loc);
	upcr_fatal("unlock-not-held", loc, "thread %d calls upc_unlock at %s on a lock held by thread %d (locked at %s)",
		   upcr_mythread_, where, owner, prev);
}

/* A lock operation's cost: an 8-byte access of the lock's thread. */
void upcr_lock_count(upcr_sptr_t l, int write, upcr_loc_t loc)
{
	upcr_ctr_.lock_ops++;
	if (!upcr_is_local(l))
		upcr_model_remote((int)l.thread, 8, write, 0, loc);
}

/* ---- the deadlock report: what each thread is doing ---- */

void upcr_describe_thread(int t, const char *coll, int (*lock_owner)(upcr_sptr_t), char *buf, size_t len)
{
	upcr_thread_ctl_t *c = &upcr_ctl_->thr[t];
	char where[256];
	upcr_format_loc(where, sizeof where, c->loc);
	switch (c->state) {
	case UPCR_ST_EXITING:
	case UPCR_ST_DONE: snprintf(buf, len, "exited"); return;
	case UPCR_ST_BLOCKED: break;
	default:
		if (c->loc != UPCR_NOLOC)
			snprintf(buf, len, "running (last runtime call at %s)", where);
		else
			snprintf(buf, len, "running");
		return;
	}
	switch (c->op) {
	case UPCR_OP_BARRIER:
		if (c->bar_hasid)
			snprintf(buf, len, "wait at barrier with id %d (%s)", c->bar_id, where);
		else
			snprintf(buf, len, "wait at barrier (%s)", where);
		break;
	case UPCR_OP_START: snprintf(buf, len, "wait at the startup barrier"); break;
	case UPCR_OP_EXIT: snprintf(buf, len, "exited"); break;
	case UPCR_OP_COLL:
	case UPCR_OP_WAITFLAG: snprintf(buf, len, "wait in %s (%s)", coll ? coll : "a collective", where); break;
	case UPCR_OP_LOCK: {
		upcr_sptr_t l = c->lock;
		int owner = -1;
		if (l.thread < (uint32_t)upcr_threads_ && l.off >= UPCR_GUARD && l.off < upcr_partsize_)
			owner = lock_owner(l);
		if (owner >= 0)
			snprintf(buf, len, "wait for a lock (%s) held by thread %d", where, owner);
		else
			snprintf(buf, len, "wait for a lock (%s)", where);
		break;
	}
	default: snprintf(buf, len, "blocked (%s)", where);
	}
}

void upcr_describe_all(char *msg, size_t len, void (*describe)(int t, char *buf, size_t len))
{
	int T = upcr_threads_;
	char (*desc)[300] = calloc((size_t)T, sizeof *desc);
	int *done = calloc((size_t)T, sizeof *done), *grp = calloc((size_t)T, sizeof *grp);
	size_t o = 0;
	msg[0] = 0;
	for (int t = 0; t < T; t++)
		describe(t, desc[t], sizeof desc[t]);
	for (int t = 0; t < T && o < len; t++) {
		if (done[t])
			continue;
		int ng = 0;
		for (int u = t; u < T; u++)
			if (!done[u] && strcmp(desc[u], desc[t]) == 0) {
				grp[ng++] = u;
				done[u] = 1;
			}
		char who[200];
		upcr_thread_list(who, sizeof who, grp, ng);
		/* "thread 0 waits", "threads 1-3 wait" */
		const char *d = desc[t];
		char verb[320];
		if (ng == 1 && strncmp(d, "wait", 4) == 0)
			snprintf(verb, sizeof verb, "waits%s", d + 4);
		else
			snprintf(verb, sizeof verb, "%s", d);
		o += (size_t)snprintf(msg + o, len - o, "%s%s %s %s", o ? "; " : "", ng > 1 ? "threads" : "thread", who,
				      verb);
	}
	free(desc);
	free(done);
	free(grp);
}
