/*
 * upcr_stats.c - communication statistics and the LogGP network model.
 *
 * Counters live in a private struct (a plain increment on the hot path)
 * and are copied into the thread's slot of the control region at every
 * barrier and at exit, so the launcher can report them even after a
 * deadlock.  Remote operations are also counted per source line in a
 * private open-addressing table, and per target thread in a private row
 * of the communication matrix (two increments next to the model's own
 * per-target demand), both published the same way.
 *
 * The network model (documented in CONTRACT.md, "Statistics"):
 *   - a remote operation of n bytes costs its initiator 2o + 2L + nG
 *     (request and reply, each with send/receive overhead and latency);
 *   - it occupies the target thread's network interface for o + nG;
 *   - a phase ends at every synchronisation of all threads: a user barrier
 *     (at upc_notify) and every internal barrier of a collective (the
 *     IN/OUT ALLSYNC and MYSYNC points, which this runtime implements as
 *     barriers, and the barriers inside reductions and allocations);
 *   - per phase, modeled time advances by
 *       max(max over threads of its own operation cost,
 *           max over threads of the demand placed on it)
 *     plus the barrier itself, 2(o+L)*ceil(log2 THREADS).
 * Closing a phase at a collective's barriers matters: between two
 * synchronisations every thread can wait for the busiest one, so a hot
 * spot (every thread reading one thread's scalar right after a reduction)
 * is charged (THREADS-1)(o+nG) in that interval instead of disappearing
 * in one phase that spans the whole run.  The collective's own transfers
 * form a phase of their own when it synchronises on both sides; for the
 * binomial trees of broadcast and reduce the root's own cost,
 * ceil(log2 THREADS) messages of 2o+2L+nG, is also the tree's critical
 * path, so the phase maximum charges exactly that.  NOSYNC sides do not
 * synchronise, so their transfers join the surrounding phase.
 * The phase time is a bound that is independent of the order in which the
 * operations happened, so the model is deterministic; the second term
 * is what makes a hot spot cost linear time in THREADS.
 * Inject mode additionally delays each remote operation in wall-clock
 * time: it queues behind the target's "busy until" time (kept in shared
 * memory and advanced atomically), then waits o + nG + L.
 * A non-blocking operation (upc_mem*_nb, bupc_mem*_async) charges its
 * initiator only the issue, o + nG, and completes in the background at
 * issue + 2o + 2L + nG of the thread's own modeled time; the sync charges
 * only what is left of that, so the thread waits less by as much
 * communication as it issued in between, and a sync right after the issue
 * costs what the blocking operation does. A phase's own cost includes the
 * completion of the operations still outstanding at its barrier.
 */
#include "upcr_internal.h"

#include <math.h>
#include <unistd.h>
#include <sched.h>
#include <time.h>

static upcr_line_stat_t line_tab[UPCR_LINE_SLOTS];
static uint16_t line_used[UPCR_LINE_SLOTS];
static uint32_t line_nused;
static int line_overflow;
static int lines_dirty;

static double *load_to;   /* [THREADS] modeled demand put on each target this phase, ns */
static int *touched;      /* targets in load_to this phase */
static char *is_touched;  /* membership of touched[] (a demand can be 0) */
static int ntouched;
static upcr_pair_stat_t *pairs; /* [THREADS] this thread's row of the matrix */
static double notify_ns;        /* wall clock at the last notify (barrier wait time) */
static double phase_comm; /* own modeled cost this phase, ns */
/* Model phases completed by this thread: user barriers and collective
 * barriers in program order (the same sequence on every thread, since a
 * collective cannot sit between upc_notify and upc_wait), so its parity
 * selects the shared accumulators of the current phase. */
static uint32_t mphase;

int upcr_model_nb_;            /* the operations being modeled are non-blocking */
static upcr_nb_done_t nb_last; /* completion of those since the last upcr_model_nb_take */
static double nb_horizon;      /* latest completion of the phase's non-blocking operations */

void upcr_stats_init_thread(void)
{
	load_to = calloc((size_t)upcr_threads_, sizeof *load_to);
	touched = calloc((size_t)upcr_threads_, sizeof *touched);
	is_touched = calloc((size_t)upcr_threads_, 1);
	/* UPCR_NO_PAIRS leaves the matrix out: the benchmark of its cost */
	int with_pairs = getenv("UPCR_NO_PAIRS") == NULL;
	if (with_pairs)
		pairs = calloc((size_t)upcr_threads_, sizeof *pairs);
	if (!load_to || !touched || !is_touched || (with_pairs && !pairs)) {
		fprintf(stderr, "upcr: out of memory\n");
		_exit(70);
	}
}

static upcr_line_stat_t *line_entry(upcr_loc_t loc)
{
	uint32_t h = (loc * 2654435761u) & (UPCR_LINE_SLOTS - 1);
	for (uint32_t i = 0; i < UPCR_LINE_SLOTS; i++) {
		upcr_line_stat_t *e = &line_tab[(h + i) & (UPCR_LINE_SLOTS - 1)];
		if (e->used && e->loc == loc)
			return e;
		if (!e->used) {
			if (line_nused >= UPCR_LINE_SLOTS * 3 / 4) /* keep probes short */
				break;
			e->used = 1;
			e->loc = loc;
			line_used[line_nused++] = (uint16_t)((h + i) & (UPCR_LINE_SLOTS - 1));
			return e;
		}
	}
	line_overflow = 1;
	return NULL;
}

static void wait_until(double t)
{
	for (;;) {
		double now = upcr_now_ns();
		if (now >= t)
			return;
		if (t - now > 200000) { /* long waits sleep */
			struct timespec ts = {0, (long)(t - now - 100000)};
			nanosleep(&ts, NULL);
		} else if (upcr_threads_ > upcr_ncpu_) {
			sched_yield(); /* others need this CPU */
		} else {
			__builtin_ia32_pause();
		}
	}
}

void upcr_model_remote(int target, size_t n, int write, int bulk, upcr_loc_t loc)
{
	upcr_ctl_t *c = upcr_ctl_;
	double o = c->net_o, L = c->net_L, G = c->net_G;
	double cost = 2 * o + 2 * L + (double)n * G;
	double demand = o + (double)n * G;
	double own = cost;
	if (upcr_model_nb_) {
		/* issued now, completes in the background */
		double done = phase_comm + cost;
		own = o + (double)n * G;
		if (done > nb_last.done)
			nb_last.done = done;
		if (done > nb_horizon)
			nb_horizon = done;
		nb_last.phase = mphase;
	}
	upcr_ctr_.comm_ns += own;
	phase_comm += own;
	if (target >= 0 && target < upcr_threads_) {
		if (!is_touched[target]) {
			is_touched[target] = 1;
			touched[ntouched++] = target;
		}
		load_to[target] += demand;
		if (pairs) {
			pairs[target].ops++;
			pairs[target].bytes += n;
		}
	}
	upcr_line_stat_t *e = line_entry(loc);
	if (e) {
		if (bulk) {
			e->bulk++;
			e->bulk_bytes += n;
		} else if (write) {
			e->remote_writes++;
			e->remote_bytes += n;
		} else {
			e->remote_reads++;
			e->remote_bytes += n;
		}
	}
	lines_dirty = 1;
	if (c->inject && target >= 0 && target < upcr_threads_) {
		volatile uint64_t *busy = &c->thr[target].busy_until_ns;
		double now = upcr_now_ns();
		uint64_t arrival = (uint64_t)(now + o + L);
		uint64_t old = __atomic_load_n(busy, __ATOMIC_RELAXED), start, fin;
		do {
			start = old > arrival ? old : arrival;
			fin = start + (uint64_t)demand;
		} while (!__atomic_compare_exchange_n(busy, &old, fin, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED));
		if (upcr_model_nb_) {
			/* the issue only; the sync waits for the rest */
			if ((double)fin + L + o > nb_last.wall)
				nb_last.wall = (double)fin + L + o;
			wait_until(now + o + (double)n * G);
		} else {
			wait_until((double)fin + L + o);
		}
	}
}

/* The completion of the non-blocking operations modeled since the last
 * call (zero when none was remote). */
upcr_nb_done_t upcr_model_nb_take(void)
{
	upcr_nb_done_t d = nb_last;
	d.phase = mphase;
	nb_last.done = nb_last.wall = 0;
	return d;
}

void upcr_model_nb_merge(upcr_nb_done_t *into, upcr_nb_done_t d)
{
	if (d.phase != into->phase || d.done > into->done)
		*into = d;
	if (d.wall > into->wall)
		into->wall = d.wall;
}

/* At a sync: the thread waits for what is left of d. An operation of an
 * earlier phase completed by that phase's barrier. */
void upcr_model_nb_wait(upcr_nb_done_t d)
{
	if (d.phase == mphase && d.done > phase_comm) {
		upcr_ctr_.comm_ns += d.done - phase_comm;
		phase_comm = d.done;
	}
	if (upcr_ctl_->inject && d.wall > 0)
		wait_until(d.wall);
}

/* At upc_notify or a collective barrier: publish this phase's own cost
 * and the demand this thread put on each target. */
void upcr_model_at_notify(void)
{
	upcr_thread_ctl_t *me = upcr_me();
	uint32_t p = mphase & 1;
	if (nb_horizon > phase_comm) /* still in flight: done by the barrier */
		phase_comm = nb_horizon;
	nb_horizon = 0;
	me->phase_comm[p] = phase_comm;
	for (int i = 0; i < ntouched; i++) {
		int t = touched[i];
		__atomic_add_fetch(&upcr_ctl_->thr[t].load_ps[p], (uint64_t)llround(load_to[t] * 1000.0),
				   __ATOMIC_RELAXED);
		load_to[t] = 0;
		is_touched[t] = 0;
	}
	ntouched = 0;
	phase_comm = 0;
	notify_ns = upcr_now_ns();
}

/* Called by the last thread to arrive (after its own upcr_model_at_notify,
 * before it releases the others): the phase's modeled time. */
void upcr_model_phase_end(void)
{
	upcr_ctl_t *c = upcr_ctl_;
	uint32_t p = mphase & 1;
	int T = upcr_threads_;
	double m = 0;
	for (int t = 0; t < T; t++) {
		double own = c->thr[t].phase_comm[p];
		double load = (double)c->thr[t].load_ps[p] / 1000.0;
		if (own > m)
			m = own;
		if (load > m)
			m = load;
		c->thr[t].load_ps[p ^ 1] = 0; /* the next phase's accumulators */
	}
	double bar = 0;
	if (T > 1)
		bar = 2 * (c->net_o + c->net_L) * ceil(log2((double)T));
	c->vclock += m + bar;
	c->phase_end[p] = c->vclock;
}

/* After the release: this thread's clock is the phase's end. */
void upcr_model_after_wait(void)
{
	upcr_ctr_.modeled_ns = upcr_ctl_->phase_end[mphase & 1];
	upcr_ctr_.barrier_wait_ns += upcr_now_ns() - notify_ns;
	mphase++;
}

/* Copy the private counters (and, if they changed, the per-line table)
 * into this thread's slot of the control region. */
void upcr_stats_publish(int with_lines)
{
	if (!upcr_ctl_ || upcr_is_launcher_)
		return;
	upcr_thread_ctl_t *me = upcr_me();
	upcr_counters_t s = upcr_ctr_;
	/* time modeled since the last barrier counts for this thread */
	s.modeled_ns += phase_comm;
	me->stats = s;
	if (with_lines || lines_dirty) {
		upcr_line_stat_t *dst = upcr_lines_of(upcr_mythread_);
		for (uint32_t i = 0; i < line_nused; i++)
			dst[i] = line_tab[line_used[i]];
		me->nlines = line_nused;
		me->lines_overflow = (uint32_t)line_overflow;
		if (pairs)
			memcpy(upcr_pairs_of(upcr_mythread_), pairs, (size_t)upcr_threads_ * sizeof *pairs);
		lines_dirty = 0;
	}
}

/* ---- JSON (written by the launcher) ---- */

void upcr_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

typedef struct {
	upcr_loc_t loc;
	uint64_t reads, writes, bytes, bulk, bulk_bytes;
	int nthreads;
} merged_line_t;

static int cmp_line(const void *a, const void *b)
{
	const merged_line_t *x = a, *y = b;
	uint64_t cx = x->reads + x->writes + x->bulk, cy = y->reads + y->writes + y->bulk;
	if (cx != cy)
		return cx < cy ? 1 : -1;
	return x->loc < y->loc ? -1 : x->loc > y->loc;
}

int upcr_write_stats_json(const char *path, double wall_s)
{
	upcr_ctl_t *c = upcr_ctl_;
	int T = upcr_threads_;
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "{\n  \"version\": 1,\n  \"threads\": %d,\n", T);
	fprintf(f, "  \"wall_seconds\": %.6f,\n", wall_s);
	fprintf(f, "  \"net\": {\"o_ns\": %.6g, \"L_ns\": %.6g, \"G_ns_per_byte\": %.6g, \"inject\": %s},\n", c->net_o,
		c->net_L, c->net_G, c->inject ? "true" : "false");
	double modeled = 0;
	upcr_counters_t tot;
	memset(&tot, 0, sizeof tot);
	fprintf(f, "  \"per_thread\": [\n");
	for (int t = 0; t < T; t++) {
		upcr_counters_t s = c->thr[t].stats;
		if (s.modeled_ns > modeled)
			modeled = s.modeled_ns;
#define F(x) tot.x += s.x;
		F(local_reads) F(local_read_bytes) F(local_writes) F(local_write_bytes) F(remote_reads)
			F(remote_read_bytes) F(remote_writes) F(remote_write_bytes) F(bulk_local) F(bulk_local_bytes)
				F(bulk_remote) F(bulk_remote_bytes) F(strict_ops) F(fences) F(barriers) F(lock_ops)
					F(allocs) F(frees) F(collectives) F(collective_bytes) F(comm_ns) F(barrier_wait_ns)
#undef F
		fprintf(f,
			"    {\"thread\": %d, \"local_reads\": %llu, \"local_read_bytes\": %llu, \"local_writes\": %llu, "
			"\"local_write_bytes\": %llu, \"remote_reads\": %llu, \"remote_read_bytes\": %llu, "
			"\"remote_writes\": %llu, \"remote_write_bytes\": %llu, \"bulk_local\": %llu, "
			"\"bulk_local_bytes\": %llu, \"bulk_remote\": %llu, \"bulk_remote_bytes\": %llu, "
			"\"strict_ops\": %llu, \"fences\": %llu, \"barriers\": %llu, \"lock_ops\": %llu, "
			"\"allocs\": %llu, \"frees\": %llu, \"collectives\": %llu, \"collective_bytes\": %llu, "
			"\"comm_ns\": %.3f, \"modeled_ns\": %.3f, \"barrier_wait_ns\": %.0f}%s\n",
			t, (unsigned long long)s.local_reads, (unsigned long long)s.local_read_bytes,
			(unsigned long long)s.local_writes, (unsigned long long)s.local_write_bytes,
			(unsigned long long)s.remote_reads, (unsigned long long)s.remote_read_bytes,
			(unsigned long long)s.remote_writes, (unsigned long long)s.remote_write_bytes,
			(unsigned long long)s.bulk_local, (unsigned long long)s.bulk_local_bytes,
			(unsigned long long)s.bulk_remote, (unsigned long long)s.bulk_remote_bytes,
			(unsigned long long)s.strict_ops, (unsigned long long)s.fences, (unsigned long long)s.barriers,
			(unsigned long long)s.lock_ops, (unsigned long long)s.allocs, (unsigned long long)s.frees,
			(unsigned long long)s.collectives, (unsigned long long)s.collective_bytes, s.comm_ns,
			s.modeled_ns, s.barrier_wait_ns, t + 1 < T ? "," : "");
	}
	fprintf(f, "  ],\n");
	fprintf(f,
		"  \"total\": {\"local_reads\": %llu, \"local_read_bytes\": %llu, \"local_writes\": %llu, "
		"\"local_write_bytes\": %llu, \"remote_reads\": %llu, \"remote_read_bytes\": %llu, "
		"\"remote_writes\": %llu, \"remote_write_bytes\": %llu, \"bulk_local\": %llu, \"bulk_local_bytes\": %llu, "
		"\"bulk_remote\": %llu, \"bulk_remote_bytes\": %llu, \"strict_ops\": %llu, \"fences\": %llu, "
		"\"barriers\": %llu, \"lock_ops\": %llu, \"allocs\": %llu, \"frees\": %llu, \"collectives\": %llu, "
		"\"collective_bytes\": %llu, \"comm_ns\": %.3f, \"barrier_wait_ns\": %.0f},\n",
		(unsigned long long)tot.local_reads, (unsigned long long)tot.local_read_bytes,
		(unsigned long long)tot.local_writes, (unsigned long long)tot.local_write_bytes,
		(unsigned long long)tot.remote_reads, (unsigned long long)tot.remote_read_bytes,
		(unsigned long long)tot.remote_writes, (unsigned long long)tot.remote_write_bytes,
		(unsigned long long)tot.bulk_local, (unsigned long long)tot.bulk_local_bytes,
		(unsigned long long)tot.bulk_remote, (unsigned long long)tot.bulk_remote_bytes,
		(unsigned long long)tot.strict_ops, (unsigned long long)tot.fences, (unsigned long long)tot.barriers,
		(unsigned long long)tot.lock_ops, (unsigned long long)tot.allocs, (unsigned long long)tot.frees,
		(unsigned long long)tot.collectives, (unsigned long long)tot.collective_bytes, tot.comm_ns,
		tot.barrier_wait_ns);
	fprintf(f, "  \"modeled_ns\": %.3f,\n", modeled);
	/* the communication matrix, sparse: [from, to, operations, bytes] */
	fprintf(f, "  \"pairs\": [");
	int npairs = 0;
	for (int t = 0; t < T; t++) {
		upcr_pair_stat_t *row = upcr_pairs_of(t);
		for (int u = 0; u < T; u++)
			if (row[u].ops)
				fprintf(f, "%s[%d, %d, %llu, %llu]", npairs++ ? ", " : "", t, u, (unsigned long long)row[u].ops,
					(unsigned long long)row[u].bytes);
	}
	fprintf(f, "],\n");

	/* merge the per-line tables */
	size_t cap = 0, n = 0;
	int overflow = 0;
	for (int t = 0; t < T; t++) {
		cap += c->thr[t].nlines;
		overflow |= (int)c->thr[t].lines_overflow;
	}
	merged_line_t *m = calloc(cap ? cap : 1, sizeof *m);
	for (int t = 0; m && t < T; t++) {
		upcr_line_stat_t *ls = upcr_lines_of(t);
		for (uint32_t i = 0; i < c->thr[t].nlines; i++) {
			size_t j;
			for (j = 0; j < n; j++)
				if (m[j].loc == ls[i].loc)
					break;
			if (j == n)
				m[n++].loc = ls[i].loc;
			m[j].reads += ls[i].remote_reads;
			m[j].writes += ls[i].remote_writes;
			m[j].bytes += ls[i].remote_bytes;
			m[j].bulk += ls[i].bulk;
			m[j].bulk_bytes += ls[i].bulk_bytes;
			m[j].nthreads++;
		}
	}
	if (m)
		qsort(m, n, sizeof *m, cmp_line);
	fprintf(f, "  \"lines_truncated\": %s,\n", overflow ? "true" : "false");
	fprintf(f, "  \"lines\": [");
	for (size_t j = 0; m && j < n; j++) {
		fprintf(f, "%s\n    {\"file\": ", j ? "," : "");
		upcr_json_str(f, m[j].loc == UPCR_NOLOC ? "" : upcr_file_name(m[j].loc));
		fprintf(f,
			", \"line\": %d, \"remote_reads\": %llu, \"remote_writes\": %llu, \"remote_bytes\": %llu, "
			"\"bulk\": %llu, \"bulk_bytes\": %llu, \"threads\": %d}",
			UPCR_LOC_LINE(m[j].loc), (unsigned long long)m[j].reads, (unsigned long long)m[j].writes,
			(unsigned long long)m[j].bytes, (unsigned long long)m[j].bulk,
			(unsigned long long)m[j].bulk_bytes, m[j].nthreads);
	}
	fprintf(f, "%s]\n}\n", n ? "\n  " : "");
	free(m);
	return fclose(f);
}
