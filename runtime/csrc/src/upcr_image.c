/*
 * upcr_image.c - the program image, the same on every backend: the
 * environment settings, the translation units and their static shared
 * objects, the layout of the objects in each partition and of the control
 * region, and the objects' initial values.
 */
#include "upcr_internal.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t *upcr_static_off_;
uint64_t *upcr_static_local_;

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

long upcr_env_long(const char *name, long def)
{
	const char *v = getenv(name);
	if (!v || !*v)
		return def;
	char *end;
	long x = strtol(v, &end, 10);
	if (*end) {
		fprintf(stderr, "upcr: %s=%s is not a number\n", name, v);
		exit(2);
	}
	return x;
}

double upcr_env_double(const char *name, double def)
{
	const char *v = getenv(name);
	if (!v || !*v)
		return def;
	char *end;
	double x = strtod(v, &end);
	if (*end || x < 0) {
		fprintf(stderr, "upcr: %s=%s is not a non-negative number\n", name, v);
		exit(2);
	}
	return x;
}

/* ---- static shared data ---- */


/* ---- translation units without main (UPCR_UNIT) ---- */

#define MAX_UNITS 256
static struct {
	const char *const *files;
	int nfiles, base;
	const upcr_shared_decl_t *shared;
	int n;
	void (*init)(void);
} units[MAX_UNITS];
static int nunits;

const upcr_shared_decl_t *upcr_shared_;
int upcr_nshared_;

void upcr_register_unit(const char *const *files, int nfiles, int files_base, const upcr_shared_decl_t *shared,
			int nshared, void (*init)(void))
{
	if (nunits == MAX_UNITS) {
		fprintf(stderr, "upcr: more than %d translation units define shared objects\n", MAX_UNITS);
		exit(2);
	}
	units[nunits].files = files;
	units[nunits].nfiles = nfiles;
	units[nunits].base = files_base;
	units[nunits].shared = shared;
	units[nunits].n = nshared;
	units[nunits].init = init;
	nunits++;
}

/* The name of file index f of a registered unit, or NULL. */
const char *upcr_unit_file(int f)
{
	for (int u = 0; u < nunits; u++)
		if (f >= units[u].base && f < units[u].base + units[u].nfiles)
			return units[u].files[f - units[u].base];
	return NULL;
}

/* upcr_shared_: the program's table, then each unit's. */
static void collect_shared(void)
{
	const upcr_program_t *pg = &upcr_program;
	upcr_shared_ = pg->shared;
	upcr_nshared_ = pg->nshared;
	if (nunits == 0)
		return;
	int n = pg->nshared;
	for (int u = 0; u < nunits; u++)
		n += units[u].n;
	upcr_shared_decl_t *all = calloc((size_t)n + 1, sizeof *all);
	if (!all) {
		fprintf(stderr, "upcr: out of memory\n");
		exit(70);
	}
	int k = 0;
	for (int i = 0; i < pg->nshared; i++)
		all[k++] = pg->shared[i];
	for (int u = 0; u < nunits; u++)
		for (int i = 0; i < units[u].n; i++)
			all[k++] = units[u].shared[i];
	upcr_shared_ = all;
	upcr_nshared_ = n;
}

size_t upcr_layout_static(void)
{
	collect_shared();
	size_t T = (size_t)upcr_threads_;
	size_t off = UPCR_GUARD;
	upcr_static_off_ = calloc((size_t)upcr_nshared_ + 1, sizeof(uint64_t));
	upcr_static_local_ = calloc((size_t)upcr_nshared_ + 1, sizeof(uint64_t));
	for (int i = 0; i < upcr_nshared_; i++) {
		const upcr_shared_decl_t *d = &upcr_shared_[i];
		size_t n = d->nelems * (d->threads_mult ? T : 1);
		size_t local;
		if (d->blocksize == 0)
			local = n * d->elemsize;
		else {
			size_t nblocks = (n + d->blocksize - 1) / d->blocksize;
			local = (nblocks + T - 1) / T * d->blocksize * d->elemsize;
		}
		off = round_up(off, 64);
		upcr_static_off_[i] = off;
		upcr_static_local_[i] = local;
		off += local ? local : 1;
	}
	return round_up(off, 64) - UPCR_GUARD;
}

void upcr_init_static(int mine_only)
{
	size_t T = (size_t)upcr_threads_;
	for (int i = 0; i < upcr_nshared_; i++) {
		const upcr_shared_decl_t *d = &upcr_shared_[i];
		upcr_sptr_t base = {upcr_static_off_[i], 0, 0};
		if (d->base)
			*d->base = base;
		if (!d->init || d->init_size == 0)
			continue;
		size_t n = d->nelems * (d->threads_mult ? T : 1);
		const char *src = d->init;
		for (size_t e = 0; e < n && e * d->elemsize < d->init_size; e++) {
			upcr_sptr_t p = upcr_add(base, (int64_t)e, d->elemsize, d->blocksize);
			if (mine_only && !upcr_is_local(p))
				continue;
			size_t len = d->init_size - e * d->elemsize;
			if (len > d->elemsize)
				len = d->elemsize;
			memcpy(upcr_addr(p), src + e * d->elemsize, len);
		}
	}
}

upcr_ctl_layout_t upcr_ctl_layout(size_t threads)
{
	upcr_ctl_layout_t l;
	size_t ctl_sz = sizeof(upcr_ctl_t) + threads * sizeof(upcr_thread_ctl_t);
	l.lines_off = round_up(ctl_sz, 4096);
	l.bot_off = round_up(l.lines_off + upcr_stats_tables_size(threads), 64);
	l.free_off = l.bot_off + threads * sizeof(uint64_t);
	l.total = round_up(l.free_off + threads * sizeof(uint64_t), 4096);
	return l;
}

/* The control region's header, the same on every backend. */
void upcr_ctl_fill(upcr_ctl_t *c, size_t threads, size_t part, size_t static_size, size_t scratch_off,
		   size_t heap_start, const upcr_ctl_layout_t *cl)
{
	c->magic = 0x7570637273656730ull;
	c->threads = (int32_t)threads;
	c->check = upcr_check_;
	c->partsize = part;
	c->static_size = static_size;
	c->scratch_off = scratch_off;
	c->heap_start = heap_start;
	c->lines_off = cl->lines_off;
	c->loc_bot_off = cl->bot_off;
	c->loc_free_off = cl->free_off;
	c->net_o = upcr_env_double("UPCR_NET_O_NS", 300);
	c->net_L = upcr_env_double("UPCR_NET_L_NS", 1500);
	c->net_G = upcr_env_double("UPCR_NET_G_NS_PER_BYTE", 0.08);
	c->inject = upcr_env_long("UPCR_INJECT", 0) != 0;
	for (size_t t = 0; t < threads; t++)
		c->thr[t].exit_code = -1;
}

/* The non-constant initializers of the program and of every unit (thread
 * 0, before the start-up barrier). */
void upcr_run_initializers(void)
{
	if (upcr_program.init)
		upcr_program.init();
	for (int u = 0; u < nunits; u++)
		if (units[u].init)
			units[u].init();
}

/* ---- locations, times and sizes ---- */

double upcr_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

const char *upcr_file_name(upcr_loc_t loc)
{
	int f = UPCR_LOC_FILE(loc);
	if (upcr_program.files && f >= 0 && f < upcr_program.nfiles && upcr_program.files[f])
		return upcr_program.files[f];
	const char *u = upcr_unit_file(f); /* a file of another translation unit */
	return u ? u : "?";
}

void upcr_format_loc(char *buf, size_t len, upcr_loc_t loc)
{
	if (loc == UPCR_NOLOC)
		snprintf(buf, len, "unknown location");
	else
		snprintf(buf, len, "%s:%d", upcr_file_name(loc), UPCR_LOC_LINE(loc));
}

/* Remember the last runtime call site; the launcher shows it when the
 * thread crashes.  Cheap enough for every slow-path call. */
void upcr_note_loc(upcr_loc_t loc)
{
	if (upcr_ctl_ && loc != UPCR_NOLOC)
		upcr_me()->loc = loc;
}

void upcr_check_local_cast(upcr_sptr_t p, upcr_loc_t loc)
{
	char where[256];
	upcr_format_loc(where, sizeof where, loc);
	/* an error under --check: the program's behaviour is undefined from
	 * here on (UPC 1.3 6.4.3), so it must not pass a checked run */
	upcr_fatal("remote-cast", loc,
		   "thread %d casts a pointer-to-shared with affinity to thread %u to a local pointer at %s "
		   "(undefined in UPC: only MYTHREAD's data may be accessed through a local pointer)",
		   upcr_mythread_, p.thread, where);
}

size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid)
{
	size_t T = (size_t)upcr_threads_;
	if (nbytes == 0) /* indefinite block size: everything on thread 0 */
		return threadid == 0 ? totalsize : 0;
	size_t nblocks = totalsize / nbytes;
	size_t rem = totalsize % nbytes; /* a trailing partial block */
	size_t full = nblocks / T;       /* full rounds of blocks */
	size_t extra = nblocks % T;      /* threads with one more full block */
	size_t size = full * nbytes;
	if (threadid < extra)
		size += nbytes;
	else if (threadid == extra)
		size += rem;
	return size;
}

/* "SIGSEGV", or "signal N" for a signal without a listed name */
const char *upcr_signame(int sig)
{
	switch (sig) {
	case SIGSEGV: return "SIGSEGV";
	case SIGBUS: return "SIGBUS";
	case SIGFPE: return "SIGFPE";
	case SIGILL: return "SIGILL";
	case SIGABRT: return "SIGABRT";
	case SIGKILL: return "SIGKILL";
	case SIGTERM: return "SIGTERM";
	case SIGINT: return "SIGINT";
	case SIGPIPE: return "SIGPIPE";
	case SIGTRAP: return "SIGTRAP";
	case SIGHUP: return "SIGHUP";
	case SIGQUIT: return "SIGQUIT";
	case SIGSYS: return "SIGSYS";
	case SIGXCPU: return "SIGXCPU";
	default: {
		static char buf[32];
		snprintf(buf, sizeof buf, "signal %d", sig);
		return buf;
	}
	}
}
