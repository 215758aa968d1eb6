/*
 * upcr_mpi_main.c - main() of a program on the MPI-3 backend: start-up,
 * the implicit barrier at termination, and the final report.
 *
 * Started by mpirun with one rank per UPC thread, with the SMP launcher's
 * environment (UPCR_THREADS, UPCR_OUTDIR, UPCR_STATS, UPCR_DEADLOCK_MS,
 * ...).  There is no launcher process: at a normal end rank 0, after the
 * termination barrier, reads every rank's published statistics and
 * reports with MPI_Get and writes report.json and the statistics; a rank
 * that stops the program (a fatal error, a deadlock, upc_global_exit, a
 * crash) does the same with a deadline and then calls MPI_Abort.
 */
#include "upcr_mpi.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

extern long upcr_mpi_deadlock_ms;
extern long upcr_mpi_timeout_ms;
extern double upcr_mpi_t0;
int upcr_mpi_get_deadline(void *dst, int rank, MPI_Aint disp, size_t n, double ms);


static const char *outdir, *statsf;
static volatile int finishing;
static double wall0; /* the program's start: MPI and the window are set up */

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }



/* Gather every rank's published slot, lines and reports into this rank's
 * control region (ms: how long to wait for each rank), then write
 * report.json, print the reports and write the statistics. */
static void write_final(int status, double ms)
{
	upcr_ctl_t *c = upcr_ctl_;
	int T = upcr_threads_, me = upcr_mythread_;
	upcr_report_t *all = calloc(UPCR_MAX_REPORTS, sizeof *all);
	int nall = 0;
	int *codes = calloc((size_t)T, sizeof *codes);
	upcr_ctl_t *hdr = malloc(sizeof(upcr_ctl_t));
	int global_exit = c->global_exit;
	for (int t = 0; t < T; t++) {
		upcr_mpi_slot_t s;
		memset(&s, 0, sizeof s);
		s.exit_code = -1;
		if (t == me) {
			memcpy(hdr, c, sizeof *hdr);
			s = *upcr_slot_;
		} else {
			if (upcr_mpi_get_deadline((void *)&c->thr[t], t, upcr_ctl_disp(&c->thr[t]), sizeof(upcr_thread_ctl_t),
						  ms) != 0) {
				memset((void *)&c->thr[t], 0, sizeof(upcr_thread_ctl_t));
				c->thr[t].state = UPCR_ST_RUNNING;
			}
			uint32_t nl = c->thr[t].nlines;
			if (nl > UPCR_LINE_SLOTS)
				nl = c->thr[t].nlines = 0;
			if (nl && upcr_mpi_get_deadline(upcr_lines_of(t), t, upcr_ctl_disp(upcr_lines_of(t)),
							nl * sizeof(upcr_line_stat_t), ms) != 0)
				c->thr[t].nlines = 0;
			if (upcr_mpi_get_deadline(upcr_pairs_of(t), t, upcr_ctl_disp(upcr_pairs_of(t)),
						  (size_t)T * sizeof(upcr_pair_stat_t), ms) != 0)
				memset(upcr_pairs_of(t), 0, (size_t)T * sizeof(upcr_pair_stat_t));
			if (upcr_mpi_get_deadline(hdr, t, upcr_ctl_disp(c), sizeof *hdr, ms) != 0)
				hdr->nreports = 0;
			upcr_mpi_get_deadline(&s, t, upcr_slot_disp(), sizeof s, ms);
			if (hdr->global_exit)
				global_exit = 1;
		}
		codes[t] = s.exit_code;
		uint32_t n = hdr->nreports < UPCR_MAX_REPORTS ? hdr->nreports : UPCR_MAX_REPORTS;
		for (uint32_t i = 0; i < n && nall < UPCR_MAX_REPORTS; i++)
			all[nall++] = hdr->reports[i];
	}
	for (int i = 0; i < nall; i++)
		fprintf(stderr, "upcr: %s: %s\n", all[i].fatal ? "error" : "warning", all[i].msg);
	fflush(stderr);
	if (outdir) {
		char path[4096];
		snprintf(path, sizeof path, "%s/report.json", outdir);
		FILE *f = fopen(path, "w");
		if (f) {
			fprintf(f, "{\n  \"status\": %d,\n  \"threads\": [\n", status);
			for (int t = 0; t < T; t++) {
				const char *state = "running";
				switch (c->thr[t].state) {
				case UPCR_ST_INIT: state = "init"; break;
				case UPCR_ST_BLOCKED: state = "blocked"; break;
				case UPCR_ST_EXITING: state = "exiting"; break;
				case UPCR_ST_DONE: state = "done"; break;
				default: break;
				}
				fprintf(f,
					"    {\"thread\": %d, \"pid\": %d, \"exit_code\": %d, \"signal\": \"\", \"killed\": %s, "
					"\"state\": \"%s\"}%s\n",
					t, (int)c->thr[t].pid, codes[t], codes[t] < 0 && t != me ? "true" : "false", state,
					t + 1 < T ? "," : "");
			}
			fprintf(f, "  ],\n  \"global_exit\": %s,\n  \"timeout\": %s,\n  \"interrupted\": \"\",\n",
				global_exit ? "true" : "false", status == 124 ? "true" : "false");
			fprintf(f, "  \"reports\": [");
			for (int i = 0; i < nall; i++) {
				upcr_report_t *r = &all[i];
				fprintf(f, "%s\n    {\"kind\": \"%s\", \"thread\": %d, \"fatal\": %s, \"file\": ", i ? "," : "",
					r->kind, r->thread, r->fatal ? "true" : "false");
				upcr_json_str(f, r->loc == UPCR_NOLOC ? "" : upcr_file_name(r->loc));
				fprintf(f, ", \"line\": %d, \"message\": ", r->loc == UPCR_NOLOC ? 0 : UPCR_LOC_LINE(r->loc));
				upcr_json_str(f, r->msg);
				fprintf(f, "}");
			}
			fprintf(f, "%s]\n}\n", nall ? "\n  " : "");
			fclose(f);
		}
	}
	if (statsf && upcr_write_stats_json(statsf, (upcr_now_ns() - wall0) / 1e9) != 0)
		fprintf(stderr, "upcr: cannot write statistics to %s: %s\n", statsf, strerror(errno));
	free(all);
	free(codes);
	free(hdr);
}

void upcr_mpi_abort(int status)
{
	if (__atomic_exchange_n(&finishing, 1, __ATOMIC_SEQ_CST)) {
		/* a second stop (e.g. a crash while reporting): just go */
		MPI_Abort(MPI_COMM_WORLD, status);
		_exit(status);
	}
	fflush(stdout);
	/* one rank reports: the first to claim it on rank 0 */
	MPI_Aint claim = upcr_slot_disp() + (MPI_Aint)offsetof(upcr_mpi_slot_t, aborter);
	if (upcr_rma_fetch_add32(0, claim, 1) != 0) {
		upcr_stats_publish(1);
		fflush(NULL);
		for (;;) { /* until mpirun stops this rank; keep MPI progressing for the reporter */
			int f;
			MPI_Iprobe(MPI_ANY_SOURCE, 0x7570, MPI_COMM_WORLD, &f, MPI_STATUS_IGNORE);
			struct timespec ts = {0, 1000000};
			nanosleep(&ts, NULL);
		}
	}
	write_final(status, 1000);
	fflush(NULL);
	MPI_Abort(MPI_COMM_WORLD, status);
	_exit(status);
}

static char *reserved; /* the address range of all partitions, when not shared */
static size_t reserved_len;

static void crash_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	char msg[UPCR_REPORT_LEN], where[256];
	upcr_thread_ctl_t *me = upcr_me();
	upcr_format_loc(where, sizeof where, me->loc);
	char *a = si ? (char *)si->si_addr : NULL;
	if (sig == SIGSEGV && reserved && a >= reserved && a < reserved + reserved_len &&
	    (size_t)(a - reserved) / upcr_partsize_ != (size_t)upcr_mythread_)
		snprintf(msg, sizeof msg,
			 "thread %d accessed thread %zu's shared memory directly at %s: the MPI backend maps other "
			 "threads' memory only when all ranks run on one node, which this library function needs",
			 upcr_mythread_, (size_t)(a - reserved) / upcr_partsize_, where);
	else if (me->loc != UPCR_NOLOC)
		snprintf(msg, sizeof msg, "thread %d killed by %s (last runtime call at %s)", upcr_mythread_,
			 upcr_signame(sig), where);
	else
		snprintf(msg, sizeof msg, "thread %d killed by %s", upcr_mythread_, upcr_signame(sig));
	signal(sig, SIG_DFL);
	if (finishing)
		raise(sig);
	upcr_add_report("crash", upcr_mythread_, 1, me->loc, msg);
	upcr_mpi_abort(128 + sig);
}

/* exit() and return from main: the implicit barrier at termination
 * (6.6.1), then rank 0 writes the report; every rank ends with the
 * program's status (the first thread's nonzero exit code). */
static void thread_exit_handler(int code, void *arg)
{
	(void)arg;
	if (finishing)
		return;
	upcr_me()->exit_code = code;
	upcr_slot_->exit_code = code;
	upcr_exit_barrier();
	int T = upcr_threads_;
	int *codes = calloc((size_t)T, sizeof *codes);
	MPI_Gather(&code, 1, MPI_INT, codes, 1, MPI_INT, 0, MPI_COMM_WORLD);
	int status = 0;
	if (upcr_mythread_ == 0) {
		for (int t = 0; t < T && !status; t++)
			status = codes[t] & 0xff;
		finishing = 1;
		fflush(stdout);
		write_final(status, 10000);
	}
	free(codes);
	MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
	finishing = 1;
	fflush(NULL);
	MPI_Win_unlock_all(upcr_win_);
	MPI_Win_free(&upcr_win_);
	MPI_Finalize();
	_exit(status);
}

/* Allocate the window: shared and contiguous when every rank is on this
 * node (and UPCR_MPI_SHARED is not 0), else created over this rank's part
 * of a reserved range.  Sets upcr_partbase_ and upcr_win_. */
static void make_window(size_t part)
{
	int T = upcr_threads_, rank = upcr_mythread_;
	MPI_Info info;
	MPI_Info_create(&info);
	MPI_Info_set(info, "same_disp_unit", "true");
	MPI_Info_set(info, "alloc_shared_noncontig", "false");
	MPI_Comm node;
	int nsize = 0;
	MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
	MPI_Comm_size(node, &nsize);
	MPI_Comm_free(&node);
	int want = nsize == T && upcr_env_long("UPCR_MPI_SHARED", 1) != 0, ok = 0;
	if (want) {
		/* osc components without shared windows (e.g. --mca osc pt2pt)
		 * make this fail: fall back to a created window */
		MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
		char *base = NULL;
		size_t mine = part + (rank == T - 1 ? UPCR_TAIL : 0); /* the last partition's tail */
		ok = MPI_Win_allocate_shared((MPI_Aint)mine, 1, info, MPI_COMM_WORLD, &base, &upcr_win_) == MPI_SUCCESS;
		if (ok) {
			MPI_Aint sz;
			int du;
			char *b0 = NULL;
			MPI_Win_shared_query(upcr_win_, 0, &sz, &du, &b0);
			ok = b0 + (size_t)rank * part == base;
			int all = 0;
			MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
			ok = all;
			if (ok) {
				upcr_disp0_ = (4096 - (uintptr_t)b0 % 4096) % 4096;
				upcr_partbase_ = b0 + upcr_disp0_;
			} else
				MPI_Win_free(&upcr_win_);
		}
		MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
	}
	upcr_mpi_shared_ = ok;
	if (!ok) {
		reserved_len = (size_t)T * part;
		void *r = mmap(NULL, reserved_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		if (r == MAP_FAILED || mprotect((char *)r + (size_t)rank * part, part, PROT_READ | PROT_WRITE) != 0) {
			fprintf(stderr, "upcr: cannot map %zu bytes for the shared segment: %s\n", reserved_len,
				strerror(errno));
			MPI_Abort(MPI_COMM_WORLD, 70);
		}
		reserved = r;
		upcr_partbase_ = r;
		if (MPI_Win_create((char *)r + (size_t)rank * part, (MPI_Aint)part, 1, info, MPI_COMM_WORLD, &upcr_win_) !=
		    MPI_SUCCESS) {
			fprintf(stderr, "upcr: cannot create an MPI window of %zu bytes\n", part);
			MPI_Abort(MPI_COMM_WORLD, 70);
		}
	}
	MPI_Info_free(&info);
}

int main(int argc, char **argv)
{
	const upcr_program_t *pg = &upcr_program;
	upcr_mpi_t0 = upcr_now_ns();
	MPI_Init(&argc, &argv);
	int rank, size;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (pg->abi != UPCR_ABI_VERSION) {
		if (rank == 0)
			fprintf(stderr, "upcr: program was translated for runtime ABI %d, this runtime is ABI %d\n",
				pg->abi, UPCR_ABI_VERSION);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	long threads = upcr_env_long("UPCR_THREADS", pg->static_threads > 0 ? pg->static_threads : size);
	if (threads != size) {
		if (rank == 0)
			fprintf(stderr, "upcr: UPCR_THREADS=%ld but mpirun started %d ranks (one rank per UPC thread)\n",
				threads, size);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	if (threads > UPCR_MAX_THREADS || (pg->static_threads > 0 && threads != pg->static_threads)) {
		if (rank == 0)
			fprintf(stderr, "upcr: program was compiled for static THREADS=%d but runs with %ld threads\n",
				pg->static_threads, threads);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	upcr_threads_ = (int)threads;
	upcr_mythread_ = rank;
	cpu_set_t cs;
	upcr_ncpu_ = sched_getaffinity(0, sizeof cs, &cs) == 0 ? CPU_COUNT(&cs) : 1;
	upcr_check_ = upcr_env_long("UPCR_CHECK", 0) != 0;
	/* the heap is reserved, not allocated (pages are used when touched);
	 * by default 3 GiB, but Open MPI backs a shared window with one file
	 * in /dev/shm of the whole size and refuses one larger than the free
	 * space there: then what fits (rank 0 decides, all must agree) */
	size_t heap = (size_t)upcr_env_long("UPCR_HEAP_MB", 0) << 20;
	if (heap == 0) {
		unsigned long long h = (unsigned long long)3 << 30;
		struct statvfs sv;
		if (rank == 0 && statvfs("/dev/shm", &sv) == 0) {
			unsigned long long fit = (unsigned long long)sv.f_bavail * sv.f_frsize / 10 * 8 / (unsigned long long)threads;
			fit = fit > ((unsigned long long)96 << 20) ? fit - ((unsigned long long)32 << 20) : (unsigned long long)64 << 20;
			if (fit < h)
				h = fit;
		}
		MPI_Bcast(&h, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
		heap = (size_t)h / 4096 * 4096;
	}
	upcr_scratch_size_ = round_up((size_t)upcr_env_long("UPCR_SCRATCH_KB", 256) << 10, 64);
	upcr_mpi_deadlock_ms = upcr_env_long("UPCR_DEADLOCK_MS", 2000);
	upcr_mpi_timeout_ms = upcr_env_long("UPCR_TIMEOUT_MS", 0);
	outdir = getenv("UPCR_OUTDIR");
	statsf = getenv("UPCR_STATS");

	size_t T = (size_t)threads;
	size_t static_size = upcr_layout_static();
	size_t scratch_off = round_up(UPCR_GUARD + static_size, 64);
	size_t heap_start = round_up(scratch_off + upcr_scratch_size_, 4096);
	upcr_ctl_layout_t cl = upcr_ctl_layout(T);
	size_t ctl_total = cl.total;
	size_t part = round_up(heap_start + heap, 4096) + ctl_total + UPCR_SLOT_SIZE + UPCR_TAIL;
	upcr_partsize_ = part;
	upcr_ctl_off_ = part - UPCR_TAIL - UPCR_SLOT_SIZE - ctl_total;
	make_window(part);
	upcr_seglen_ = T * part;
	upcr_mybase_ = upcr_partbase_ + (size_t)rank * part;
	upcr_ctl_ = (upcr_ctl_t *)(upcr_mybase_ + upcr_ctl_off_);
	upcr_seg_ = (char *)upcr_ctl_; /* upcr_lines_of: lines_off is relative to the control region */
	upcr_slot_ = (upcr_mpi_slot_t *)(upcr_mybase_ + upcr_slot_off());
	/* window memory is not zeroed: clear all but the heap */
	memset(upcr_mybase_, 0, heap_start);
	memset(upcr_ctl_, 0, ctl_total + UPCR_SLOT_SIZE);
	upcr_slot_->exit_code = -1;
	if ((uintptr_t)upcr_mybase_ % 4096 == 0)
		mprotect(upcr_mybase_, UPCR_GUARD, PROT_NONE); /* a null pointer-to-shared faults locally */
	upcr_ctl_fill(upcr_ctl_, T, part, static_size, scratch_off, heap_start, &cl);
	upcr_is_launcher_ = 0;
	upcr_mpi_heap_init();
	upcr_init_static(1);
	extern void upcr_mpi_rma_init(void);
	upcr_mpi_rma_init();
	MPI_Win_lock_all(MPI_MODE_NOCHECK, upcr_win_);

	setvbuf(stdout, NULL, _IOLBF, 0);
	upcr_thread_ctl_t *me = upcr_me();
	me->pid = (int32_t)getpid();
	me->state = UPCR_ST_RUNNING;
	upcr_stats_init_thread();
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = crash_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGFPE, &sa, NULL);
	sigaction(SIGILL, &sa, NULL);
	MPI_Barrier(MPI_COMM_WORLD); /* every window is initialised */
	on_exit(thread_exit_handler, NULL);
	wall0 = upcr_now_ns();
	if (rank == 0)
		upcr_run_initializers();
	upcr_barrier_kind(UPCR_BK_START, 0, 0, UPCR_NOLOC);
	int rc = pg->main(argc, argv);
	exit(rc);
}
