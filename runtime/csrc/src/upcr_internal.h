/*
 * upcr_internal.h - data shared between the runtime's own source files:
 * the layout of the control region at the start of the shared segment and
 * the private per-process state.  Not included by translated programs.
 */
#ifndef UPCR_INTERNAL_H
#define UPCR_INTERNAL_H

#define _GNU_SOURCE
#include "upcr.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

#define UPCR_MAX_THREADS 1024
#define UPCR_MAX_REPORTS 64
#define UPCR_REPORT_LEN 600
#define UPCR_LINE_SLOTS 2048 /* per-thread capacity of the per-line table */
#define UPCR_GUARD 4096      /* unmapped first page of each partition: null pointers fault */
#define UPCR_CACHELINE 64

/* What a thread is doing, for the watchdog and for reports. */
enum upcr_state {
	UPCR_ST_INIT = 0,
	UPCR_ST_RUNNING,
	UPCR_ST_BLOCKED, /* in a barrier, lock or collective; see op */
	UPCR_ST_EXITING, /* reached the implicit barrier at termination */
	UPCR_ST_DONE     /* passed the termination barrier; about to exit */
};

enum upcr_op {
	UPCR_OP_NONE = 0,
	UPCR_OP_BARRIER,   /* upc_barrier / upc_wait */
	UPCR_OP_LOCK,      /* upc_lock */
	UPCR_OP_COLL,      /* inside a collective's internal barrier */
	UPCR_OP_EXIT,      /* termination barrier */
	UPCR_OP_START,     /* startup barrier */
	UPCR_OP_WAITFLAG   /* upcr_wait_while_eq */
};

/* Barrier kinds: user barriers can carry an int id; the startup and
 * termination barriers carry ids outside int (6.6.1 semantic 10) so they
 * never match a user barrier. */
enum upcr_bkind { UPCR_BK_USER = 0, UPCR_BK_START, UPCR_BK_EXIT };

/* A recorded runtime finding. */
typedef struct upcr_report {
	char kind[32];
	int32_t thread;
	int32_t fatal;
	upcr_loc_t loc;
	char msg[UPCR_REPORT_LEN];
} upcr_report_t;

/* One per-source-line entry of the remote-operation table. */
typedef struct upcr_line_stat {
	upcr_loc_t loc;
	uint32_t used;
	uint64_t remote_reads, remote_writes, remote_bytes, bulk, bulk_bytes;
} upcr_line_stat_t;

/* Per-thread slot in the control region.  Written by its owner thread;
 * read by the launcher (watchdog, reports) and by other threads (barrier
 * consensus, collective argument checks). */
typedef struct upcr_thread_ctl {
	/* watchdog view */
	volatile uint32_t state;
	volatile uint32_t op;
	volatile upcr_loc_t loc;      /* location of the blocking op or last runtime call */
	volatile int32_t bar_hasid;
	volatile int32_t bar_id;
	volatile upcr_sptr_t lock;    /* the lock waited for */
	const char *volatile coll;    /* collective name (same address in all processes) */
	volatile int32_t exit_code;
	volatile int32_t pid;
	/* barrier: notify values of the phase with parity p live in [p] */
	volatile int32_t n_hasid[2];
	volatile int32_t n_id[2];
	volatile int32_t n_kind[2];
	volatile upcr_loc_t n_loc[2];
	/* network model: this thread's modeled communication time in the
	 * current phase, and the modeled service demand on this thread */
	volatile double phase_comm[2];
	volatile uint64_t load_ps[2]; /* picoseconds; integer so it can be added atomically */
	volatile uint64_t busy_until_ns; /* inject mode: wall-clock time this thread's "NIC" is busy */
	/* --check collective comparison, double-buffered by collective parity */
	const char *volatile c_name[2];
	volatile upcr_loc_t c_loc[2];
	volatile int32_t c_nargs[2];
	volatile uint64_t c_args[2][8];
	/* published statistics */
	upcr_counters_t stats;
	volatile uint32_t nlines;
	volatile uint32_t lines_overflow;
	char pad[UPCR_CACHELINE];
} upcr_thread_ctl_t;

/* A futex-based mutex word: 0 free, 1 locked, 2 locked with sleepers. */
typedef struct upcr_mutex {
	volatile uint32_t word;
} upcr_mutex_t;

/* The control region, at the start of the segment. */
typedef struct upcr_ctl {
	uint64_t magic;
	int32_t threads;
	int32_t check;
	uint64_t partsize;
	uint64_t static_size;  /* bytes of static shared data per partition */
	uint64_t scratch_off;  /* offset of the collectives scratch area */
	uint64_t heap_start;   /* offset where the heaps begin */
	/* user barrier */
	volatile uint32_t bar_count;
	volatile uint32_t bar_gen;
	volatile uint32_t bar_sleepers;
	volatile int32_t bar_cons_hasid[2]; /* consensus of the notify ids per parity */
	volatile int32_t bar_cons_id[2];
	char pad1[UPCR_CACHELINE];
	/* internal (collective) barrier */
	volatile uint32_t cbar_count;
	volatile uint32_t cbar_gen;
	volatile uint32_t cbar_sleepers;
	char pad2[UPCR_CACHELINE];
	/* progress counter for the watchdog: bumped whenever a blocking
	 * operation completes */
	volatile uint64_t progress;
	/* heap */
	upcr_mutex_t heap_lock;
	uint64_t sym_top;            /* symmetric heap grows up from heap_start */
	uint64_t sym_free;           /* free list of symmetric blocks (offsets) */
	volatile uint64_t heap_gen;  /* bumped by every free: --check drops its cached extents */
	/* result slot for collectives that compute on thread 0 and hand out a value */
	volatile upcr_sptr_t coll_result;
	/* network model */
	double net_o, net_L, net_G; /* ns, ns, ns per byte */
	int32_t inject;
	double vclock;               /* modeled time at the last completed barrier (user or collective) */
	volatile double phase_end[2];
	/* fatal errors, reports */
	volatile uint32_t abort;     /* a fatal report was made: the launcher stops all threads */
	volatile uint32_t nreports;
	volatile uint32_t global_exit;
	volatile int32_t global_exit_status;
	upcr_mutex_t report_lock;
	upcr_report_t reports[UPCR_MAX_REPORTS];
	/* offsets (from the segment start) of per-thread arrays */
	uint64_t lines_off;          /* upcr_line_stat_t [threads][UPCR_LINE_SLOTS] */
	uint64_t loc_bot_off;        /* uint64_t [threads]: bottom of each local heap */
	uint64_t loc_free_off;       /* uint64_t [threads]: free list of each local heap */
	upcr_thread_ctl_t thr[];     /* [threads] */
} upcr_ctl_t;

/* Heap block header, placed just below the block's first byte (in every
 * partition for symmetric blocks). */
typedef struct upcr_hdr {
	uint32_t magic;
	uint32_t state;  /* UPCR_HDR_LIVE or UPCR_HDR_FREE */
	uint32_t kind;   /* UPCR_HK_* */
	int32_t owner;   /* allocating thread */
	uint64_t size;   /* usable bytes per partition */
	uint64_t blockbytes; /* nbytes of upc_global_alloc/upc_all_alloc, of upc_alloc, for --check */
	uint64_t nblocks;
	uint64_t next;   /* free-list link */
	upcr_loc_t alloc_loc, free_loc;
	int32_t free_thread;
	uint32_t pad;
} upcr_hdr_t;

/* bytes of a header, and the alignment of heap blocks */
#define UPCR_HDR_SIZE 64
_Static_assert(sizeof(upcr_hdr_t) <= UPCR_HDR_SIZE, "heap block header");
#define UPCR_HDR_MAGIC 0x75706372u /* "upcr" */
#define UPCR_HDR_LIVE 1
#define UPCR_HDR_FREE 2
enum { UPCR_HK_LOCAL = 1, UPCR_HK_GLOBAL, UPCR_HK_ALL, UPCR_HK_LOCK };

/* A lock object (inside a heap block of kind UPCR_HK_LOCK). */
typedef struct upcr_lockobj {
	uint32_t magic;
	volatile uint32_t word;  /* futex: 0 free, 1 locked, 2 locked with sleepers */
	volatile int32_t owner;  /* thread holding it, -1 if none */
	volatile uint32_t freed;
	volatile upcr_loc_t lock_loc;
	upcr_loc_t alloc_loc;
} upcr_lockobj_t;
#define UPCR_LOCK_MAGIC 0x6c6f636bu /* "lock" */

/* ---- process-wide state (private to each process after fork) ---- */
extern upcr_ctl_t *upcr_ctl_;
extern char *upcr_seg_;
extern size_t upcr_seglen_;
extern int upcr_is_launcher_;
extern int upcr_notified_;     /* this thread did upc_notify and not yet upc_wait */
extern uint32_t upcr_phase_;   /* completed user-barrier phases */
extern uint32_t upcr_cphase_;  /* completed collective barriers */
extern uint32_t upcr_ccount_;  /* collectives entered (parity of check slots) */
extern int upcr_ncpu_;

static inline upcr_thread_ctl_t *upcr_me(void) { return &upcr_ctl_->thr[upcr_mythread_]; }
static inline upcr_line_stat_t *upcr_lines_of(int t)
{
	return (upcr_line_stat_t *)(upcr_seg_ + upcr_ctl_->lines_off) + (size_t)t * UPCR_LINE_SLOTS;
}
/* Remote operations and bytes from one thread to one target (the
 * communication matrix), in the control region right after the per-line
 * tables: [threads][threads], row t written by thread t. */
typedef struct upcr_pair_stat {
	uint64_t ops, bytes;
} upcr_pair_stat_t;
/* bytes of the per-line tables and the matrix, from lines_off */
static inline size_t upcr_stats_tables_size(size_t threads)
{
	return threads * UPCR_LINE_SLOTS * sizeof(upcr_line_stat_t) + threads * threads * sizeof(upcr_pair_stat_t);
}
static inline upcr_pair_stat_t *upcr_pairs_of(int t)
{
	return (upcr_pair_stat_t *)(void *)(upcr_lines_of(upcr_threads_)) + (size_t)t * (size_t)upcr_threads_;
}

/* futex and mutex helpers (upcr_sync.c) */
void upcr_futex_wait(volatile uint32_t *addr, uint32_t val);
void upcr_futex_wake(volatile uint32_t *addr, int n);
void upcr_mutex_lock(upcr_mutex_t *m);
void upcr_mutex_unlock(upcr_mutex_t *m);
int upcr_spin_limit(void);
void upcr_set_blocked(uint32_t op, upcr_loc_t loc);
void upcr_set_running(void);
void upcr_barrier_kind(int kind, int hasid, int id, upcr_loc_t loc);
void upcr_notify_kind(int kind, int hasid, int id, upcr_loc_t loc);
void upcr_wait_kind(int kind, int hasid, int id, upcr_loc_t loc);

/* statistics and model (upcr_stats.c) */
void upcr_model_remote(int target, size_t n, int write, int bulk, upcr_loc_t loc);
/* Non-blocking operations: while upcr_model_nb_ is set, a remote operation
 * charges its initiator only its issue and completes in the background;
 * upcr_model_nb_take returns when (and clears), upcr_model_nb_wait waits
 * for what is left of it at the sync. */
typedef struct {
	double done;    /* own modeled time in the phase when it completes */
	double wall;    /* inject mode: wall-clock completion, ns */
	uint32_t phase; /* the model phase it was issued in */
} upcr_nb_done_t;
extern int upcr_model_nb_;
upcr_nb_done_t upcr_model_nb_take(void);
void upcr_model_nb_merge(upcr_nb_done_t *into, upcr_nb_done_t d);
void upcr_model_nb_wait(upcr_nb_done_t d);
void upcr_model_at_notify(void);
void upcr_model_phase_end(void);
void upcr_model_after_wait(void);
void upcr_stats_publish(int with_lines);
int upcr_write_stats_json(const char *path, double wall_s);
void upcr_json_str(FILE *f, const char *s); /* a JSON string literal */
void upcr_stats_init_thread(void);

/* the program image (upcr_image.c), the same on every backend */
long upcr_env_long(const char *name, long def);
const char *upcr_signame(int sig);
double upcr_env_double(const char *name, double def);
size_t upcr_layout_static(void); /* lays out the static shared objects: bytes per partition */
void upcr_init_static(int mine_only); /* base pointers and initial values (of MYTHREAD's part only) */
void upcr_run_initializers(void);
extern uint64_t *upcr_static_off_, *upcr_static_local_;
typedef struct upcr_ctl_layout {
	size_t lines_off, bot_off, free_off, total; /* offsets in the control region, its size */
} upcr_ctl_layout_t;
upcr_ctl_layout_t upcr_ctl_layout(size_t threads);
void upcr_ctl_fill(upcr_ctl_t *c, size_t threads, size_t part, size_t static_size, size_t scratch_off,
		   size_t heap_start, const upcr_ctl_layout_t *cl);

/* the common part of the access paths (upcr_core_common.c): a target's
 * validity (and --check extent), and the counting of a strict access */
void upcr_access_check(upcr_sptr_t p, size_t n, const char *what, upcr_loc_t loc);
void upcr_strict_count(upcr_sptr_t p, size_t n, int write, upcr_loc_t loc);
/* counting of scalar accesses (returns whether remote) and of bulk ones
 * (with the model's charge), for the libraries too */
int upcr_count_access(upcr_sptr_t p, size_t n, int write);
void upcr_count_bulk(upcr_sptr_t p, size_t n, int write, upcr_loc_t loc);

/* copies between shared memory and private memory without counting
 * (each backend's: upcr_core.c, mpi/upcr_mpi_core.c) */
void upcr_copy_shared(upcr_sptr_t dst, upcr_sptr_t src, size_t n);
void upcr_read_shared(void *dst, upcr_sptr_t src, size_t n);

/* collectives helpers the same on every backend (upcr_coll_common.c) */
void upcr_coll_count_local(size_t n);
void upcr_coll_count_remote(int target, size_t n, upcr_loc_t loc);
void upcr_coll_account(int t, size_t n, upcr_loc_t loc);            /* n bytes with affinity to t */
void upcr_coll_xfer(upcr_sptr_t dst, upcr_sptr_t src, size_t n, upcr_loc_t loc); /* copied and counted */
void upcr_coll_check_flags(const char *name, upc_flag_t flags, upcr_loc_t loc);
void upcr_coll_in_sync(upc_flag_t flags);
void upcr_coll_out_sync(upc_flag_t flags);
void upcr_coll_need_bytes(const char *name, size_t nbytes, upcr_loc_t loc);
upcr_sptr_t upcr_coll_block_of(upcr_sptr_t p, int t, size_t nbytes);
void upcr_coll_begin(const char *name, const uint64_t *args, int nargs, size_t bytes, upc_flag_t flags,
		     upcr_loc_t loc);
/* upcr_coll_begin of a relocalization collective (its four single-valued
 * arguments, `total` bytes moved), the check of nbytes and the entry
 * synchronisation of flags */
void upcr_coll_begin_move(const char *name, upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, size_t total,
			  upc_flag_t flags, upcr_loc_t loc);
/* a reduction's user function (UPC_FUNC, UPC_NONCOMM_FUNC), of any element type */
typedef void (*upcr_anyfn_t)(void);
/* upcr_coll_begin of a reduction or prefix reduction (its seven
 * single-valued arguments) and the check of its operation for the element
 * type (bitwise operations on a floating type are invalid) */
void upcr_coll_begin_op(const char *name, upcr_sptr_t dst, upcr_sptr_t src, int op, size_t nelems, size_t blk,
			upcr_anyfn_t fn, upc_flag_t flags, size_t esz, int isfloat, upcr_loc_t loc);

/* barrier, collective and lock checks the same on every backend
 * (upcr_sync_common.c) */
void upcr_thread_list(char *buf, size_t len, const int *set, int n); /* "0,1,3" or "1-3" */
const char *upcr_phase_verdict(uint32_t p, char *msg, size_t msglen, int *bad, upcr_loc_t *loc);
void upcr_notify_begin(int kind, int hasid, int id, upcr_loc_t loc);
uint32_t upcr_wait_begin(int kind, int hasid, int id, upcr_loc_t loc);
void upcr_wait_end(int kind, int hasid, int id, upcr_loc_t loc, uint32_t p);
void upcr_exit_barrier(void);
extern const char *upcr_coll_name_; /* the collective being executed, or NULL */
extern upcr_loc_t upcr_coll_loc_;
/* under --check, each backend compares a collective's call on every
 * thread with thread 0's (upcr_coll_compare reports a difference) */
void upcr_coll_check_args(const char *name, const uint64_t *args, int nargs, upcr_loc_t loc);
void upcr_coll_compare(const char *name, upcr_loc_t loc, int nargs, const volatile uint64_t *args,
		       const char *zname, upcr_loc_t zloc, int znargs, const volatile uint64_t *zargs);
void upcr_lock_check_ptr(upcr_sptr_t l, const char *fn, upcr_loc_t loc);
void upcr_lock_check_obj(const volatile upcr_lockobj_t *o, const char *fn, upcr_loc_t loc);
void upcr_lock_check_relock(const volatile upcr_lockobj_t *o, const char *fn, upcr_loc_t loc);
void upcr_lock_check_unlock(const volatile upcr_lockobj_t *o, upcr_loc_t loc);
void upcr_lock_count(upcr_sptr_t l, int write, upcr_loc_t loc);
/* the deadlock report: what thread t is doing, e.g. "wait at barrier
 * (k.upc:12)" (coll names the collective it waits in, NULL if unknown;
 * lock_owner finds the holder of a lock, -1 if unknown), and all threads,
 * "thread 0 waits at barrier (k.upc:12); threads 1-3 exited" */
void upcr_describe_thread(int t, const char *coll, int (*lock_owner)(upcr_sptr_t), char *buf, size_t len);
void upcr_describe_all(char *msg, size_t len, void (*describe)(int t, char *buf, size_t len));
/* the fence of a null strict access (each backend's) */
void upcr_strict_fence(void);

/* allocation (upcr_alloc.c) */
void upcr_heap_init(void);
upcr_hdr_t *upcr_hdr_at(int thread, uint64_t off);
void upcr_hdr_init(upcr_hdr_t *h, uint32_t kind, uint64_t size, uint64_t blockbytes, uint64_t nblocks,
		   upcr_loc_t loc);

/* Each backend's allocator (upcr_alloc.c, mpi/upcr_mpi_alloc.c), under
 * the allocation functions of upcr_alloc_common.c: a symmetric block of
 * `per` bytes in every partition, a block of this thread's local heap
 * (data offsets, 0 when the heap is exhausted), a checked free and lock
 * free (`fn` names the user's call), and thread 0's result of a
 * collective allocation handed to every thread. */
uint64_t upcr_heap_sym_alloc(uint64_t per, uint32_t kind, uint64_t nbytes, uint64_t nblocks, upcr_loc_t loc);
uint64_t upcr_heap_local_alloc(uint64_t n, uint32_t kind, upcr_loc_t loc);
void upcr_heap_free(upcr_sptr_t p, const char *fn, int want_lock, upcr_loc_t loc);
void upcr_heap_release_lock(upcr_sptr_t l, const char *fn, upcr_loc_t loc);
upcr_sptr_t upcr_heap_coll_result(upcr_sptr_t r);

/* The heap as --check sees it (each backend's allocator): between begin
 * and end, the symmetric blocks lie in address order, each a header then
 * its data, from sym_lo to sym_hi in every partition (their headers are
 * the same in each), and partition t's local blocks likewise from loc_lo
 * to loc_hi.  upcr_heap_hdr copies the header at offset x of a partition
 * and returns 0 if there is none.  upcr_heap_gen changes whenever a block
 * is freed. */
typedef struct upcr_heap_view {
	uint64_t sym_lo, sym_hi, loc_lo, loc_hi;
} upcr_heap_view_t;
void upcr_heap_view_begin(int t, upcr_heap_view_t *v);
void upcr_heap_view_end(void);
int upcr_heap_hdr(int t, uint64_t x, upcr_hdr_t *h);
uint64_t upcr_heap_gen(void);

/* --check of accesses through pointers-to-shared (upcr_lib_check.c) */
int upcr_range_check(upcr_sptr_t p, size_t n, const char *what, upcr_loc_t loc);
void upcr_extent_check(upcr_sptr_t p, size_t n, const char *what, upcr_loc_t loc);

/* reports (upcr_core.c) */
const char *upcr_file_name(upcr_loc_t loc);
const char *upcr_unit_file(int f);
void upcr_format_loc(char *buf, size_t len, upcr_loc_t loc);
void upcr_note_loc(upcr_loc_t loc);
int upcr_add_report(const char *kind, int thread, int fatal, upcr_loc_t loc, const char *msg);
void upcr_die(void) __attribute__((noreturn));
double upcr_now_ns(void);

/* The cases of a reduction operator (UPC 1.3 collectives 7.3.2.1) that
 * every arithmetic type has, and those only integer types have; UPC_ADD and
 * UPC_MULT are left to the caller (integers wrap through their unsigned
 * type in the collectives). */
#define UPCR_OP_CASES(T, a, b)                              \
	case UPC_LOGAND: return (T)((a) && (b));            \
	case UPC_LOGOR: return (T)((a) || (b));             \
	case UPC_MIN: return (a) < (b) ? (a) : (b);         \
	case UPC_MAX: return (a) > (b) ? (a) : (b);
#define UPCR_INT_OP_CASES(T, a, b)                          \
	case UPC_AND: return (T)((a) & (b));                \
	case UPC_OR: return (T)((a) | (b));                 \
	case UPC_XOR: return (T)((a) ^ (b));                \
	UPCR_OP_CASES(T, a, b)

#endif
