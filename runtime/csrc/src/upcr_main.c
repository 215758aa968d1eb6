/*
 * upcr_main.c - the launcher: the runtime's main().
 *
 * The launcher maps the shared segment, lays out and initialises the
 * static shared objects, forks THREADS children and then supervises them:
 * it relays their output line by line (and stores each thread's output
 * separately when UPCR_OUTDIR is set), reaps them, turns a crash, a
 * deadlock or a timeout into a report and stops all threads, and finally
 * writes the statistics.  The segment is anonymous: nothing outlives the
 * processes, whatever way they end.
 *
 * Environment (all optional):
 *   UPCR_THREADS       number of threads (default: static THREADS, else 1)
 *   UPCR_HEAP_MB       shared heap per thread, MiB (default: the machine's memory)
 *   UPCR_SCRATCH_KB    collectives scratch area per thread, KiB (default 256)
 *   UPCR_CHECK=1       extra checks (casts, bulk ranges, collective arguments)
 *   UPCR_NET_O_NS, UPCR_NET_L_NS, UPCR_NET_G_NS_PER_BYTE   LogGP parameters
 *   UPCR_INJECT=1      delay remote operations by their modeled cost
 *   UPCR_DEADLOCK_MS   watchdog interval (default 2000; 0 disables)
 *   UPCR_TIMEOUT_MS    global timeout (default none)
 *   UPCR_OUTDIR        store <t>.out, <t>.err and report.json there
 *   UPCR_STATS         write statistics JSON to this file
 *   UPCR_PREFIX=1      prefix relayed lines with "[t] "
 */
#include "upcr_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

/* The shared heap each partition reserves when UPCR_HEAP_MB is unset: the
 * machine's physical memory, so that any program that fits in memory can
 * allocate it on any one thread, within a bound on the address space all
 * partitions take.  The segment is mapped MAP_NORESERVE and its pages are
 * only allocated when touched, so the reservation costs address space,
 * not memory. */
static size_t default_heap(size_t threads)
{
	long pages = sysconf(_SC_PHYS_PAGES), pagesz = sysconf(_SC_PAGESIZE);
	size_t ram = pages > 0 && pagesz > 0 ? (size_t)pages * (size_t)pagesz : (size_t)4 << 30;
	size_t cap = ((size_t)1 << 45) / threads; /* 32 TiB in all, a quarter of x86-64 user space */
	size_t heap = ram < cap ? ram : cap;
	return heap < ((size_t)64 << 20) ? (size_t)64 << 20 : heap;
}

/* ---- children ---- */

typedef struct linebuf {
	char *buf;
	size_t len, cap;
} linebuf_t;

typedef struct child {
	pid_t pid;
	int fd[2];     /* read ends of stdout, stderr pipes; -1 when closed */
	linebuf_t lb[2];
	int ofd[2];    /* UPCR_OUTDIR files, or -1 */
	int alive;
	int status;    /* waitpid status */
	int killed;    /* we sent SIGKILL */
} child_t;

static child_t *kids;
static int prefix_lines;

static void write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return; /* the reader went away: drop output, keep supervising */
		}
		p += w;
		n -= (size_t)w;
	}
}

static void emit_line(int t, int s, const char *p, size_t n)
{
	int fd = s == 0 ? 1 : 2;
	if (prefix_lines) {
		char pre[24];
		int k = snprintf(pre, sizeof pre, "[%d] ", t);
		write_all(fd, pre, (size_t)k);
	}
	write_all(fd, p, n);
}

/* Relay the complete lines in the buffer; with `all`, the tail too. */
static void relay(int t, int s, int all)
{
	linebuf_t *b = &kids[t].lb[s];
	size_t start = 0;
	for (size_t i = 0; i < b->len; i++) {
		if (b->buf[i] == '\n') {
			emit_line(t, s, b->buf + start, i + 1 - start);
			start = i + 1;
		}
	}
	if (all && start < b->len) {
		emit_line(t, s, b->buf + start, b->len - start);
		write_all(s == 0 ? 1 : 2, "\n", 1);
		start = b->len;
	} else if (b->len - start > 65536) { /* a very long line: do not hold it back forever */
		emit_line(t, s, b->buf + start, b->len - start);
		start = b->len;
	}
	memmove(b->buf, b->buf + start, b->len - start);
	b->len -= start;
}

static void read_pipe(int t, int s)
{
	char tmp[65536];
	ssize_t r = read(kids[t].fd[s], tmp, sizeof tmp);
	if (r < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (r <= 0) {
		close(kids[t].fd[s]);
		kids[t].fd[s] = -1;
		relay(t, s, 1);
		return;
	}
	if (kids[t].ofd[s] >= 0)
		write_all(kids[t].ofd[s], tmp, (size_t)r);
	linebuf_t *b = &kids[t].lb[s];
	if (b->len + (size_t)r > b->cap) {
		b->cap = (b->len + (size_t)r) * 2;
		b->buf = realloc(b->buf, b->cap);
		if (!b->buf) {
			perror("upcr");
			exit(70);
		}
	}
	memcpy(b->buf + b->len, tmp, (size_t)r);
	b->len += (size_t)r;
	relay(t, s, 0);
}

static void thread_exit_handler(void);

static int child_main(int t, int argc, char **argv, pid_t parent, sigset_t *oldmask)
{
	/* die with the launcher, whatever kills it */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(70);
	sigprocmask(SIG_SETMASK, oldmask, NULL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	upcr_is_launcher_ = 0;
	upcr_mythread_ = t;
	upcr_mybase_ = upcr_partbase_ + (size_t)t * upcr_partsize_;
	setvbuf(stdout, NULL, _IOLBF, 0);
	upcr_thread_ctl_t *me = upcr_me();
	me->pid = (int32_t)getpid();
	me->state = UPCR_ST_RUNNING;
	upcr_stats_init_thread();
	atexit(thread_exit_handler);
	if (t == 0)
		upcr_run_initializers();
	upcr_barrier_kind(UPCR_BK_START, 0, 0, UPCR_NOLOC);
	int rc = upcr_program.main(argc, argv);
	exit(rc);
}

/* Runs on exit() and on return from main: the implicit barrier at
 * termination (6.6.1), then the final statistics. */
static void thread_exit_handler(void)
{
	if (upcr_is_launcher_)
		return;
	upcr_exit_barrier();
}

/* ---- supervision ---- */

static void kill_all(void)
{
	for (int t = 0; t < upcr_threads_; t++)
		if (kids[t].alive && !kids[t].killed) {
			kill(kids[t].pid, SIGKILL);
			kids[t].killed = 1;
		}
}


static int lock_owner(upcr_sptr_t l) { return ((upcr_lockobj_t *)upcr_addr(l))->owner; }

/* What thread t is doing, e.g. "waits at barrier (k.upc:12)". */
static void describe(int t, char *buf, size_t len)
{
	if (!kids[t].alive && upcr_ctl_->thr[t].state != UPCR_ST_EXITING) {
		snprintf(buf, len, "terminated");
		return;
	}
	upcr_describe_thread(t, upcr_ctl_->thr[t].coll, lock_owner, buf, len);
}

static int sigfd = -1;

static void setup_signals(sigset_t *oldmask)
{
	sigset_t m;
	sigemptyset(&m);
	sigaddset(&m, SIGCHLD);
	sigaddset(&m, SIGINT);
	sigaddset(&m, SIGTERM);
	sigaddset(&m, SIGHUP);
	sigprocmask(SIG_BLOCK, &m, oldmask);
	sigfd = signalfd(-1, &m, SFD_CLOEXEC | SFD_NONBLOCK);
	signal(SIGPIPE, SIG_IGN);
}

static void write_report_json(const char *dir, int status, const char *interrupted, int timed_out)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/report.json", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		return;
	upcr_ctl_t *c = upcr_ctl_;
	fprintf(f, "{\n  \"status\": %d,\n  \"threads\": [\n", status);
	for (int t = 0; t < upcr_threads_; t++) {
		int st = kids[t].status;
		int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
		const char *sig = WIFSIGNALED(st) ? upcr_signame(WTERMSIG(st)) : "";
		const char *state = "running";
		switch (c->thr[t].state) {
		case UPCR_ST_INIT: state = "init"; break;
		case UPCR_ST_RUNNING: state = "running"; break;
		case UPCR_ST_BLOCKED: state = "blocked"; break;
		case UPCR_ST_EXITING: state = "exiting"; break;
		case UPCR_ST_DONE: state = "done"; break;
		}
		fprintf(f,
			"    {\"thread\": %d, \"pid\": %d, \"exit_code\": %d, \"signal\": \"%s\", \"killed\": %s, "
			"\"state\": \"%s\"}%s\n",
			t, (int)kids[t].pid, code, sig, kids[t].killed ? "true" : "false", state,
			t + 1 < upcr_threads_ ? "," : "");
	}
	fprintf(f, "  ],\n  \"global_exit\": %s,\n  \"timeout\": %s,\n  \"interrupted\": \"%s\",\n",
		c->global_exit ? "true" : "false", timed_out ? "true" : "false", interrupted ? interrupted : "");
	fprintf(f, "  \"reports\": [");
	uint32_t n = c->nreports < UPCR_MAX_REPORTS ? c->nreports : UPCR_MAX_REPORTS;
	for (uint32_t i = 0; i < n; i++) {
		upcr_report_t *r = &c->reports[i];
		fprintf(f, "%s\n    {\"kind\": \"%s\", \"thread\": %d, \"fatal\": %s, \"file\": ", i ? "," : "", r->kind,
			r->thread, r->fatal ? "true" : "false");
		const char *file = r->loc == UPCR_NOLOC ? "" : upcr_file_name(r->loc);
		fputc('"', f);
		for (const char *s = file; *s; s++)
			fprintf(f, (*s == '"' || *s == '\\') ? "\\%c" : "%c", *s);
		fprintf(f, "\", \"line\": %d, \"message\": \"", r->loc == UPCR_NOLOC ? 0 : UPCR_LOC_LINE(r->loc));
		for (const char *s = r->msg; *s; s++) {
			if (*s == '"' || *s == '\\')
				fprintf(f, "\\%c", *s);
			else if ((unsigned char)*s < 0x20)
				fprintf(f, "\\u%04x", (unsigned char)*s);
			else
				fputc(*s, f);
		}
		fprintf(f, "\"}");
	}
	fprintf(f, "%s]\n}\n", n ? "\n  " : "");
	fclose(f);
}

int main(int argc, char **argv)
{
	const upcr_program_t *pg = &upcr_program;
	double t0 = upcr_now_ns();
	if (pg->abi != UPCR_ABI_VERSION) {
		fprintf(stderr, "upcr: program was translated for runtime ABI %d, this runtime is ABI %d\n", pg->abi,
			UPCR_ABI_VERSION);
		return 2;
	}
	long threads = upcr_env_long("UPCR_THREADS", pg->static_threads > 0 ? pg->static_threads : 1);
	if (threads < 1 || threads > UPCR_MAX_THREADS) {
		fprintf(stderr, "upcr: UPCR_THREADS=%ld out of range 1..%d\n", threads, UPCR_MAX_THREADS);
		return 2;
	}
	if (pg->static_threads > 0 && threads != pg->static_threads) {
		fprintf(stderr, "upcr: program was compiled for static THREADS=%d but UPCR_THREADS=%ld\n",
			pg->static_threads, threads);
		return 2;
	}
	upcr_threads_ = (int)threads;
	cpu_set_t cs;
	upcr_ncpu_ = sched_getaffinity(0, sizeof cs, &cs) == 0 ? CPU_COUNT(&cs) : 1;
	upcr_check_ = upcr_env_long("UPCR_CHECK", 0) != 0;
	long heap_mb = upcr_env_long("UPCR_HEAP_MB", 0);
	size_t heap = heap_mb > 0 ? (size_t)heap_mb << 20 : default_heap((size_t)threads);
	upcr_scratch_size_ = round_up((size_t)upcr_env_long("UPCR_SCRATCH_KB", 256) << 10, 64);
	long deadlock_ms = upcr_env_long("UPCR_DEADLOCK_MS", 2000);
	long timeout_ms = upcr_env_long("UPCR_TIMEOUT_MS", 0);
	const char *outdir = getenv("UPCR_OUTDIR");
	const char *statsf = getenv("UPCR_STATS");
	prefix_lines = upcr_env_long("UPCR_PREFIX", 0) != 0;

	/* segment layout: control region, then one partition per thread:
	 * [guard page][static objects][scratch][heaps] */
	size_t T = (size_t)threads;
	size_t static_size = upcr_layout_static();
	size_t scratch_off = round_up(UPCR_GUARD + static_size, 64);
	size_t heap_start = round_up(scratch_off + upcr_scratch_size_, 4096);
	size_t part = round_up(heap_start + heap, 4096);
	upcr_ctl_layout_t cl = upcr_ctl_layout(T);
	size_t ctl_total = cl.total;
	upcr_seglen_ = ctl_total + T * part;
	/* mapped before fork: same address in every thread, and anonymous,
	 * so it disappears with the last process */
	void *seg = mmap(NULL, upcr_seglen_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (seg == MAP_FAILED) {
		fprintf(stderr, "upcr: cannot map %zu bytes of shared memory: %s\n", upcr_seglen_, strerror(errno));
		return 70;
	}
	upcr_seg_ = seg;
	upcr_ctl_ = seg;
	upcr_partbase_ = upcr_seg_ + ctl_total;
	upcr_partsize_ = part;
	upcr_ctl_t *c = upcr_ctl_;
	upcr_ctl_fill(c, T, part, static_size, scratch_off, heap_start, &cl);
	/* a null pointer-to-shared dereferenced locally faults like a null C
	 * pointer */
	for (size_t t = 0; t < T; t++)
		mprotect(upcr_partbase_ + t * part, UPCR_GUARD, PROT_NONE);
	upcr_heap_init();
	upcr_init_static(0);

	sigset_t oldmask;
	setup_signals(&oldmask);
	fflush(NULL);
	kids = calloc(T, sizeof *kids);
	pid_t self = getpid();
	int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	for (size_t t = 0; t < T; t++) {
		int po[2], pe[2];
		if (pipe2(po, O_CLOEXEC) < 0 || pipe2(pe, O_CLOEXEC) < 0) {
			perror("upcr: pipe");
			kill_all();
			return 70;
		}
		kids[t].ofd[0] = kids[t].ofd[1] = -1;
		if (outdir) {
			char path[4096];
			snprintf(path, sizeof path, "%s/%zu.out", outdir, t);
			kids[t].ofd[0] = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
			snprintf(path, sizeof path, "%s/%zu.err", outdir, t);
			kids[t].ofd[1] = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		}
		pid_t pid = fork();
		if (pid < 0) {
			perror("upcr: fork");
			kill_all();
			return 70;
		}
		if (pid == 0) {
			dup2(po[1], 1);
			dup2(pe[1], 2);
			if (t != 0 && devnull >= 0)
				dup2(devnull, 0); /* stdin belongs to thread 0 */
			if (devnull >= 0)
				close(devnull);
			/* every other descriptor of ours is close-on-exec and
			 * unused by the child: close the pipe ends explicitly so
			 * EOF arrives when the child ends */
			close(po[0]);
			close(pe[0]);
			close(po[1]);
			close(pe[1]);
			for (size_t u = 0; u < t; u++) {
				close(kids[u].fd[0]);
				close(kids[u].fd[1]);
				if (kids[u].ofd[0] >= 0)
					close(kids[u].ofd[0]);
				if (kids[u].ofd[1] >= 0)
					close(kids[u].ofd[1]);
			}
			if (kids[t].ofd[0] >= 0)
				close(kids[t].ofd[0]);
			if (kids[t].ofd[1] >= 0)
				close(kids[t].ofd[1]);
			close(sigfd);
			child_main((int)t, argc, argv, self, &oldmask);
		}
		close(po[1]);
		close(pe[1]);
		kids[t].pid = pid;
		kids[t].fd[0] = po[0];
		kids[t].fd[1] = pe[0];
		kids[t].alive = 1;
		fcntl(po[0], F_SETFL, O_NONBLOCK);
		fcntl(pe[0], F_SETFL, O_NONBLOCK);
	}

	int nalive = (int)T;
	int stopping = 0, timed_out = 0, status = 0;
	const char *interrupted = NULL;
	int interrupt_sig = 0;
	uint64_t last_progress = c->progress;
	double stuck_since = upcr_now_ns();
	struct pollfd *pfd = calloc(2 * T + 1, sizeof *pfd);
	int *pfd_t = calloc(2 * T + 1, sizeof *pfd_t);
	double drain_deadline = 0;
	for (;;) {
		int np = 0, open_pipes = 0;
		for (size_t t = 0; t < T; t++)
			for (int s = 0; s < 2; s++)
				if (kids[t].fd[s] >= 0) {
					pfd[np].fd = kids[t].fd[s];
					pfd[np].events = POLLIN;
					pfd_t[np] = (int)(t * 2 + (size_t)s);
					np++;
					open_pipes++;
				}
		if (nalive == 0 && open_pipes == 0)
			break;
		if (nalive == 0) {
			/* all children are gone: collect what is left in the
			 * pipes, but do not wait for descendants of theirs */
			if (drain_deadline == 0)
				drain_deadline = upcr_now_ns() + 1e9;
			else if (upcr_now_ns() > drain_deadline)
				break;
		}
		pfd[np].fd = sigfd;
		pfd[np].events = POLLIN;
		int r = poll(pfd, (nfds_t)np + 1, 50);
		if (r > 0) {
			for (int i = 0; i < np; i++)
				if (pfd[i].revents & (POLLIN | POLLHUP | POLLERR))
					read_pipe(pfd_t[i] / 2, pfd_t[i] % 2);
			if (pfd[np].revents & POLLIN) {
				struct signalfd_siginfo si;
				while (read(sigfd, &si, sizeof si) == (ssize_t)sizeof si) {
					if (si.ssi_signo == SIGINT || si.ssi_signo == SIGTERM || si.ssi_signo == SIGHUP) {
						interrupt_sig = (int)si.ssi_signo;
						interrupted = upcr_signame(interrupt_sig);
						kill_all();
						stopping = 1;
					}
				}
			}
		}
		/* reap */
		for (;;) {
			int st;
			pid_t pid = waitpid(-1, &st, WNOHANG);
			if (pid <= 0)
				break;
			for (size_t t = 0; t < T; t++) {
				if (kids[t].pid != pid || !kids[t].alive)
					continue;
				kids[t].alive = 0;
				kids[t].status = st;
				nalive--;
				if (stopping || c->abort || c->global_exit)
					break;
				int done = c->thr[t].state == UPCR_ST_DONE;
				if (WIFSIGNALED(st) && !kids[t].killed) {
					char msg[UPCR_REPORT_LEN], where[256];
					upcr_format_loc(where, sizeof where, c->thr[t].loc);
					if (c->thr[t].loc != UPCR_NOLOC)
						snprintf(msg, sizeof msg, "thread %zu killed by %s (last runtime call at %s)",
							 t, upcr_signame(WTERMSIG(st)), where);
					else
						snprintf(msg, sizeof msg, "thread %zu killed by %s", t, upcr_signame(WTERMSIG(st)));
					upcr_add_report("crash", (int)t, 1, c->thr[t].loc, msg);
					kill_all();
					stopping = 1;
				} else if (!done && !kids[t].killed) {
					char msg[UPCR_REPORT_LEN];
					snprintf(msg, sizeof msg,
						 "thread %zu terminated (exit status %d) without reaching the end of the "
						 "program",
						 t, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
					upcr_add_report("abnormal-exit", (int)t, 1, c->thr[t].loc, msg);
					kill_all();
					stopping = 1;
				}
				break;
			}
		}
		if (stopping || nalive == 0)
			continue;
		if (c->abort || c->global_exit) {
			/* a thread made a fatal report or called upc_global_exit:
			 * stop the others */
			kill_all();
			stopping = 1;
			continue;
		}
		double now = upcr_now_ns();
		if (timeout_ms > 0 && now - t0 > (double)timeout_ms * 1e6) {
			char msg[UPCR_REPORT_LEN], who[UPCR_REPORT_LEN - 80];
			upcr_describe_all(who, sizeof who, describe);
			snprintf(msg, sizeof msg, "timeout after %.1f s: %s", (double)timeout_ms / 1000.0, who);
			upcr_add_report("timeout", -1, 1, UPCR_NOLOC, msg);
			timed_out = 1;
			kill_all();
			stopping = 1;
			continue;
		}
		/* watchdog: every live thread blocked and no blocking operation
		 * completed for deadlock_ms */
		int all_blocked = 1;
		for (size_t t = 0; t < T; t++) {
			if (!kids[t].alive)
				continue;
			uint32_t st = c->thr[t].state;
			if (st != UPCR_ST_BLOCKED && st != UPCR_ST_EXITING)
				all_blocked = 0;
		}
		uint64_t prog = c->progress;
		if (!all_blocked || prog != last_progress || deadlock_ms <= 0) {
			last_progress = prog;
			stuck_since = now;
		} else if (now - stuck_since > (double)deadlock_ms * 1e6) {
			char msg[UPCR_REPORT_LEN], who[UPCR_REPORT_LEN - 20];
			upcr_describe_all(who, sizeof who, describe);
			snprintf(msg, sizeof msg, "deadlock: %s", who);
			/* the location of the first blocked thread */
			upcr_loc_t loc = UPCR_NOLOC;
			for (size_t t = 0; t < T && loc == UPCR_NOLOC; t++)
				if (c->thr[t].state == UPCR_ST_BLOCKED)
					loc = c->thr[t].loc;
			upcr_add_report("deadlock", -1, 1, loc, msg);
			kill_all();
			stopping = 1;
		}
	}
	free(pfd);
	free(pfd_t);
	for (size_t t = 0; t < T; t++)
		for (int s = 0; s < 2; s++) {
			if (kids[t].fd[s] >= 0) {
				relay((int)t, s, 1);
				close(kids[t].fd[s]);
			}
			if (kids[t].ofd[s] >= 0)
				close(kids[t].ofd[s]);
		}

	/* exit status: interrupted > global exit > runtime error > the
	 * first thread's nonzero exit code */
	int fatal = 0;
	int crash_sig = 0;
	uint32_t nrep = c->nreports < UPCR_MAX_REPORTS ? c->nreports : UPCR_MAX_REPORTS;
	for (uint32_t i = 0; i < nrep; i++)
		if (c->reports[i].fatal) {
			fatal = 1;
			if (strcmp(c->reports[i].kind, "crash") == 0 && c->reports[i].thread >= 0) {
				int st = kids[c->reports[i].thread].status;
				if (WIFSIGNALED(st))
					crash_sig = WTERMSIG(st);
			}
		}
	if (interrupt_sig)
		status = 128 + interrupt_sig;
	else if (c->global_exit)
		status = c->global_exit_status & 0xff;
	else if (timed_out)
		status = 124;
	else if (crash_sig)
		status = 128 + crash_sig;
	else if (fatal)
		status = 70;
	else
		for (size_t t = 0; t < T; t++)
			if (WIFEXITED(kids[t].status) && WEXITSTATUS(kids[t].status) != 0) {
				status = WEXITSTATUS(kids[t].status);
				break;
			}
	for (uint32_t i = 0; i < nrep; i++)
		fprintf(stderr, "upcr: %s: %s\n", c->reports[i].fatal ? "error" : "warning", c->reports[i].msg);
	if (interrupted)
		fprintf(stderr, "upcr: interrupted by %s: all threads stopped\n", interrupted);
	if (outdir)
		write_report_json(outdir, status, interrupted, timed_out);
	if (statsf && upcr_write_stats_json(statsf, (upcr_now_ns() - t0) / 1e9) != 0)
		fprintf(stderr, "upcr: cannot write statistics to %s: %s\n", statsf, strerror(errno));
	munmap(seg, upcr_seglen_);
	return status;
}
