/*
 * upcr_lib_io.c - UPC-IO (<upc_io.h>, UPC 1.3 optional library) over
 * POSIX files.
 *
 * Every function is a collective (upcr_coll_enter: counted, watched by the
 * deadlock watchdog, single-valued arguments compared under --check).
 * upc_all_fopen allocates the file object with upc_all_alloc (one slot in
 * every partition; the handle is thread 0's slot, so it is the same on all
 * threads); thread 0 opens the file first (it alone creates, truncates or
 * checks UPC_EXCL), then every other thread opens it for itself.  If any
 * thread fails, every thread gets NULL.  Each thread keeps its own
 * descriptor and individual file pointer (private state, keyed by the
 * handle); the common file pointer lives in the file object on thread 0.
 *
 * Reads and writes use pread/pwrite at explicit offsets:
 *  - *_local with an individual file pointer: each thread at its own
 *    pointer; with the common pointer: the threads' pieces follow each
 *    other in thread order from the common pointer, which advances by the
 *    total.  Result: the bytes this thread moved.
 *  - *_shared with the common pointer: the size*nmemb bytes at the common
 *    pointer map to elements of `size` bytes of the shared buffer with
 *    block size `blocksize` (elements); each thread moves the elements with
 *    affinity to it.  Result: the total bytes.  With individual pointers
 *    each thread moves size*nmemb bytes between its own pointer and the
 *    buffer.
 *  - list I/O: explicit file offsets (no file pointer); the concatenated
 *    file ranges map to the concatenated memory vectors; per thread.
 * A short read at end of file returns fewer bytes; an I/O error -1.
 * Synchronisation flags as for the collectives: an internal barrier at
 * entry unless UPC_IN_NOSYNC and at exit unless UPC_OUT_NOSYNC (operations
 * with the common pointer always end with one: the pointer is shared).
 * Asynchronous variants do their work at the call; upc_all_fwait_async /
 * upc_all_ftest_async return its result.  A second asynchronous operation
 * before the wait, a wait with none outstanding, or a null, bogus or closed
 * handle is a fatal "io" report.
 */
#include "upcr_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define IO_MAGIC 0x7570696fu /* "upio" */
#define IO_DEAD 0x64656164u

typedef struct {
	uint32_t magic;
	int32_t flags;
	volatile int32_t status; /* this thread's open result: 0 ok, else errno */
	int32_t pad;
	volatile int64_t common_fp;
	volatile int64_t piece; /* this thread's byte count (common-pointer local I/O) */
	char name[256];
} fobj_t;

typedef struct {
	uint64_t off; /* handle's offset, 0 = free entry */
	int fd;
	int64_t fp;
	int pending;
	upc_off_t result;
	upcr_loc_t async_loc;
} fpriv_t;

#define MAXFILES 1024 /* open files per program (one descriptor each per thread) */
static fpriv_t files[MAXFILES];

static fobj_t *obj(upcr_sptr_t h, int t)
{
	h.thread = (uint32_t)t;
	return upcr_addr(h);
}

static fpriv_t *priv_of(upcr_sptr_t h)
{
	for (int i = 0; i < MAXFILES; i++)
		if (files[i].off == h.off && h.off != 0)
			return &files[i];
	return NULL;
}

static fpriv_t *handle(upcr_sptr_t h, const char *fn, upcr_loc_t loc)
{
	if (upcr_isnull(h))
		upcr_fatal("io", loc, "thread %d calls %s with a null file handle", upcr_mythread_, fn);
	fpriv_t *p = h.thread == 0 ? priv_of(h) : NULL;
	if (!p) {
		if (h.thread == 0 && h.off + sizeof(fobj_t) <= upcr_partsize_ && obj(h, 0)->magic == IO_DEAD)
			upcr_fatal("io", loc, "thread %d calls %s with a file handle that was closed", upcr_mythread_, fn);
		upcr_fatal("io", loc, "thread %d calls %s with a pointer that is not an open file (from upc_all_fopen)",
			   upcr_mythread_, fn);
	}
	return p;
}

static void enter(const char *fn, upcr_sptr_t h, const uint64_t *extra, int n, upc_flag_t flags, upcr_loc_t loc)
{
	uint64_t args[8] = {upcr_sptr_bits(h)};
	for (int i = 0; i < n && i < 7; i++)
		args[i + 1] = extra[i];
	upcr_coll_enter(fn, args, n + 1, 0, loc);
	if ((flags & ~15) != 0 || (flags & 3) == 3 || (flags & 12) == 12)
		upcr_fatal("collective-flags", loc, "%s: invalid synchronisation flags %d", fn, (int)flags);
	if ((flags & 3) != UPC_IN_NOSYNC)
		upcr_coll_barrier();
}

static void leave(upc_flag_t flags, int force)
{
	if (force || (flags & 12) != UPC_OUT_NOSYNC)
		upcr_coll_barrier();
	upcr_coll_exit();
}

static int common(upcr_sptr_t h) { return (obj(h, 0)->flags & UPC_COMMON_FP) != 0; }

/* ---- open, close ---- */

upcr_sptr_t upcr_all_fopen(const char *fname, int flags, size_t numhints, struct upc_hint const *hints,
			   upcr_loc_t loc)
{
	static const char fn[] = "upc_all_fopen";
	(void)hints;
	int acc = flags & (UPC_RDONLY | UPC_WRONLY | UPC_RDWR), fp = flags & (UPC_INDIVIDUAL_FP | UPC_COMMON_FP);
	if ((acc != UPC_RDONLY && acc != UPC_WRONLY && acc != UPC_RDWR) ||
	    (fp != UPC_INDIVIDUAL_FP && fp != UPC_COMMON_FP) || (flags & ~((1 << 11) - 1)) != 0 ||
	    ((flags & (UPC_CREATE | UPC_TRUNC)) && acc == UPC_RDONLY && (flags & UPC_TRUNC)))
		upcr_fatal("io", loc, "thread %d calls %s with invalid flags %d", upcr_mythread_, fn, flags);
	if (!fname || strlen(fname) >= sizeof(((fobj_t *)0)->name))
		upcr_fatal("io", loc, "thread %d calls %s with a missing or too long file name", upcr_mythread_, fn);
	upcr_sptr_t h = upcr_all_alloc((size_t)upcr_threads_, sizeof(fobj_t), loc);
	uint64_t args[2] = {(uint64_t)flags, numhints};
	upcr_coll_enter(fn, args, 2, 0, loc);
	int slot = -1;
	for (int i = 0; i < MAXFILES && slot < 0; i++)
		if (files[i].off == 0)
			slot = i;
	fobj_t *me = obj(h, upcr_mythread_);
	int o = acc == UPC_RDONLY ? O_RDONLY : acc == UPC_WRONLY ? O_WRONLY : O_RDWR;
	int fd = -1;
	if (upcr_mythread_ == 0) {
		int o0 = o | (flags & UPC_CREATE ? O_CREAT : 0) | (flags & UPC_EXCL ? O_EXCL : 0) |
			 (flags & UPC_TRUNC ? O_TRUNC : 0);
		fd = slot < 0 ? (errno = EMFILE, -1) : open(fname, o0, 0666);
		me->status = fd < 0 ? (errno ? errno : EIO) : 0;
	}
	upcr_coll_barrier();
	if (upcr_mythread_ != 0) {
		if (obj(h, 0)->status == 0) {
			fd = slot < 0 ? (errno = EMFILE, -1) : open(fname, o);
			me->status = fd < 0 ? (errno ? errno : EIO) : 0;
		} else
			me->status = obj(h, 0)->status;
	}
	upcr_coll_barrier();
	int bad = 0;
	for (int t = 0; t < upcr_threads_; t++)
		bad |= obj(h, t)->status != 0;
	if (bad) {
		if (fd >= 0)
			close(fd);
		upcr_coll_exit();
		upcr_all_free(h, loc);
		return UPCR_NULL;
	}
	me->magic = IO_MAGIC;
	me->flags = flags;
	me->common_fp = 0;
	snprintf(me->name, sizeof me->name, "%s", fname);
	files[slot] = (fpriv_t){h.off, fd, 0, 0, 0, 0};
	if ((flags & UPC_APPEND) && upcr_mythread_ == 0) {
		struct stat st;
		if (fstat(fd, &st) == 0)
			me->common_fp = st.st_size;
	}
	if (flags & UPC_APPEND) {
		struct stat st;
		if (fstat(fd, &st) == 0)
			files[slot].fp = st.st_size;
	}
	upcr_coll_barrier();
	upcr_coll_exit();
	return h;
}

int upcr_all_fclose(upcr_sptr_t h, upcr_loc_t loc)
{
	static const char fn[] = "upc_all_fclose";
	fpriv_t *p = handle(h, fn, loc);
	if (p->pending) {
		/* UPC-IO: the call fails and the file stays open (every thread
		 * has the same operation outstanding: it is collective) */
		upcr_warn("io", loc,
			  "thread %d calls %s with an asynchronous operation outstanding (started at line %d): the "
			  "file is not closed (upc_all_fwait_async first)",
			  upcr_mythread_, fn, UPCR_LOC_LINE(p->async_loc));
		errno = EINPROGRESS;
		return -1;
	}
	enter(fn, h, NULL, 0, UPC_IN_ALLSYNC, loc);
	int r = close(p->fd) == 0 ? 0 : -1;
	fobj_t *z = obj(h, 0);
	upcr_coll_barrier();
	if (upcr_mythread_ == 0 && (z->flags & UPC_DELETE_ON_CLOSE))
		unlink(z->name);
	p->off = 0;
	obj(h, upcr_mythread_)->magic = IO_DEAD;
	upcr_coll_barrier();
	upcr_coll_exit();
	/* the object stays allocated (never reused) so that a use after
	 * close is reported */
	return r;
}

int upcr_all_fsync(upcr_sptr_t h, upcr_loc_t loc)
{
	fpriv_t *p = handle(h, "upc_all_fsync", loc);
	enter("upc_all_fsync", h, NULL, 0, UPC_IN_ALLSYNC, loc);
	int r = fsync(p->fd) == 0 ? 0 : -1;
	leave(UPC_OUT_ALLSYNC, 1);
	return r;
}

static upc_off_t file_size(int fd)
{
	struct stat st;
	return fstat(fd, &st) == 0 ? (upc_off_t)st.st_size : -1;
}

upc_off_t upcr_all_fseek(upcr_sptr_t h, upc_off_t offset, int origin, upcr_loc_t loc)
{
	static const char fn[] = "upc_all_fseek";
	fpriv_t *p = handle(h, fn, loc);
	int com = common(h);
	uint64_t args[2] = {(uint64_t)offset, (uint64_t)origin};
	/* offset is single-valued only with the common pointer */
	enter(fn, h, com ? args : args + 1, com ? 2 : 1, UPC_IN_ALLSYNC, loc);
	if (origin != UPC_SEEK_SET && origin != UPC_SEEK_CUR && origin != UPC_SEEK_END)
		upcr_fatal("io", loc, "thread %d calls %s with origin %d", upcr_mythread_, fn, origin);
	int64_t base = origin == UPC_SEEK_SET ? 0 : origin == UPC_SEEK_CUR ? (com ? obj(h, 0)->common_fp : p->fp)
									   : file_size(p->fd);
	int64_t n = base + offset;
	if (n < 0)
		upcr_fatal("io", loc, "thread %d calls %s: the file pointer would be negative (%lld)", upcr_mythread_, fn,
			   (long long)n);
	upcr_coll_barrier();
	if (com) {
		if (upcr_mythread_ == 0)
			obj(h, 0)->common_fp = n;
	} else
		p->fp = n;
	leave(UPC_OUT_ALLSYNC, 1);
	return n;
}

int upcr_all_fset_size(upcr_sptr_t h, upc_off_t size, upcr_loc_t loc)
{
	fpriv_t *p = handle(h, "upc_all_fset_size", loc);
	uint64_t a = (uint64_t)size;
	enter("upc_all_fset_size", h, &a, 1, UPC_IN_ALLSYNC, loc);
	if (upcr_mythread_ == 0)
		obj(h, 0)->status = ftruncate(p->fd, size) == 0 ? 0 : errno;
	upcr_coll_barrier();
	int r = obj(h, 0)->status == 0 ? 0 : -1;
	leave(UPC_OUT_ALLSYNC, 1);
	return r;
}

upc_off_t upcr_all_fget_size(upcr_sptr_t h, upcr_loc_t loc)
{
	fpriv_t *p = handle(h, "upc_all_fget_size", loc);
	enter("upc_all_fget_size", h, NULL, 0, UPC_IN_ALLSYNC, loc);
	upc_off_t r = file_size(p->fd);
	leave(UPC_OUT_ALLSYNC, 1);
	return r;
}

int upcr_all_fpreallocate(upcr_sptr_t h, upc_off_t size, upcr_loc_t loc)
{
	fpriv_t *p = handle(h, "upc_all_fpreallocate", loc);
	uint64_t a = (uint64_t)size;
	enter("upc_all_fpreallocate", h, &a, 1, UPC_IN_ALLSYNC, loc);
	if (upcr_mythread_ == 0) {
		int e = 0;
		if (file_size(p->fd) < size)
			e = ftruncate(p->fd, size) == 0 ? 0 : errno;
		obj(h, 0)->status = e;
	}
	upcr_coll_barrier();
	int r = obj(h, 0)->status == 0 ? 0 : -1;
	leave(UPC_OUT_ALLSYNC, 1);
	return r;
}

int upcr_all_fcntl(upcr_sptr_t h, int cmd, void *arg, upcr_loc_t loc)
{
	static const char fn[] = "upc_all_fcntl";
	fpriv_t *p = handle(h, fn, loc);
	uint64_t a = (uint64_t)cmd;
	enter(fn, h, &a, 1, UPC_IN_ALLSYNC, loc);
	fobj_t *z = obj(h, 0), *me = obj(h, upcr_mythread_);
	int r = 0;
	switch (cmd) {
	case UPC_GET_CA_SEMANTICS: r = me->flags & UPC_STRONG_CA ? UPC_STRONG_CA : 0; break;
	case UPC_SET_WEAK_CA_SEMANTICS: me->flags &= ~UPC_STRONG_CA; break;
	case UPC_SET_STRONG_CA_SEMANTICS: me->flags |= UPC_STRONG_CA; break;
	case UPC_GET_FP: r = z->flags & UPC_COMMON_FP ? UPC_COMMON_FP : UPC_INDIVIDUAL_FP; break;
	case UPC_SET_COMMON_FP:
	case UPC_SET_INDIVIDUAL_FP:
		upcr_coll_barrier();
		p->fp = 0;
		if (upcr_mythread_ == 0) {
			z->common_fp = 0;
			z->flags = (z->flags & ~(UPC_COMMON_FP | UPC_INDIVIDUAL_FP)) |
				   (cmd == UPC_SET_COMMON_FP ? UPC_COMMON_FP : UPC_INDIVIDUAL_FP);
		}
		break;
	case UPC_GET_FL: r = z->flags; break;
	case UPC_GET_FN:
		if (arg)
			*(const char **)arg = z->name;
		break;
	case UPC_GET_HINTS:
		if (arg)
			*(const struct upc_hint **)arg = NULL;
		r = 0;
		break;
	case UPC_SET_HINT: break;
	case UPC_ASYNC_OUTSTANDING: r = p->pending; break;
	default: upcr_fatal("io", loc, "thread %d calls %s with unknown command %d", upcr_mythread_, fn, cmd);
	}
	leave(UPC_OUT_ALLSYNC, 1);
	return r;
}

/* ---- data movement ---- */

static int64_t do_io(int fd, int wr, void *buf, size_t n, int64_t off)
{
	size_t done = 0;
	while (done < n) {
		ssize_t k = wr ? pwrite(fd, (char *)buf + done, n - done, off + (int64_t)done)
			       : pread(fd, (char *)buf + done, n - done, off + (int64_t)done);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (k == 0)
			break;
		done += (size_t)k;
	}
	return (int64_t)done;
}

/* Move the bytes [from, from+n) of a shared buffer (elements of esz bytes,
 * block size B elements, 0 = indefinite) to or from file offset off; only
 * the elements with affinity to `only` (-1: all).  Returns the bytes moved
 * or -1; *eof is set by a short read. */
static int64_t shared_io(int fd, int wr, upcr_sptr_t buf, size_t esz, size_t B, size_t from, size_t n, int64_t off,
			 int only, upcr_loc_t loc)
{
	int64_t moved = 0;
	size_t pos = from, end = from + n;
	while (pos < end) {
		size_t e = pos / esz, within = pos % esz;
		upcr_sptr_t p = upcr_index(buf, (int64_t)e, esz, B);
		/* contiguous run: to the end of this block */
		size_t run = B == 0 ? end - pos : (B - p.phase) * esz - within;
		if (run > end - pos)
			run = end - pos;
		if (only < 0 || (int)p.thread == only) {
			char *a = (char *)upcr_addr(p) + within;
			int64_t k = do_io(fd, wr, a, run, off + (int64_t)(pos - from));
			if (k < 0)
				return -1;
			upcr_count_bulk(p, run, 0, loc);
			moved += k;
		} else
			moved += (int64_t)run;
		pos += run;
	}
	return moved;
}

/* A whole-collective local read or write. */
static upc_off_t local_rw(const char *fn, int wr, upcr_sptr_t h, void *buffer, size_t size, size_t nmemb,
			  upc_flag_t flags, upcr_loc_t loc)
{
	fpriv_t *p = handle(h, fn, loc);
	int com = common(h);
	uint64_t a = (uint64_t)flags;
	enter(fn, h, &a, 1, flags, loc);
	size_t n = size * nmemb;
	int64_t r;
	if (com) {
		fobj_t *me = obj(h, upcr_mythread_), *z = obj(h, 0);
		me->piece = (int64_t)n;
		upcr_coll_barrier();
		int64_t start = z->common_fp, total = 0;
		for (int t = 0; t < upcr_threads_; t++) {
			if (t == upcr_mythread_)
				start += total;
			total += obj(h, t)->piece;
		}
		start -= 0;
		r = do_io(p->fd, wr, buffer, n, start);
		upcr_coll_barrier();
		if (upcr_mythread_ == 0) {
			/* the pointer advances by what was moved (a short read stops it) */
			z->common_fp += total;
		}
		leave(flags, 1);
	} else {
		r = do_io(p->fd, wr, buffer, n, p->fp);
		if (r > 0)
			p->fp += r;
		leave(flags, 0);
	}
	return r;
}

static upc_off_t shared_rw(const char *fn, int wr, upcr_sptr_t h, upcr_sptr_t buffer, size_t blocksize, size_t size,
			   size_t nmemb, upc_flag_t flags, upcr_loc_t loc)
{
	fpriv_t *p = handle(h, fn, loc);
	int com = common(h);
	uint64_t args[5] = {upcr_sptr_bits(buffer), blocksize, size, nmemb, (uint64_t)flags};
	enter(fn, h, com ? args : args + 4, com ? 5 : 1, flags, loc);
	if (size == 0) { /* nothing to transfer: a thread's share of a collective call may be empty */
		size = 1;
		nmemb = 0;
	}
	size_t n = size * nmemb;
	int64_t r;
	if (com) {
		fobj_t *z = obj(h, 0);
		int64_t start = z->common_fp;
		int64_t avail = (int64_t)n;
		if (!wr) {
			int64_t fs = file_size(p->fd);
			avail = fs - start < 0 ? 0 : fs - start < (int64_t)n ? fs - start : (int64_t)n;
		}
		int64_t k = shared_io(p->fd, wr, buffer, size, blocksize, 0, (size_t)avail, start, upcr_mythread_, loc);
		obj(h, upcr_mythread_)->piece = k;
		upcr_coll_barrier();
		r = avail;
		for (int t = 0; t < upcr_threads_; t++)
			if (obj(h, t)->piece < 0)
				r = -1;
		upcr_coll_barrier();
		if (upcr_mythread_ == 0 && r > 0)
			z->common_fp += r;
		leave(flags, 1);
	} else {
		int64_t avail = (int64_t)n;
		if (!wr) {
			int64_t fs = file_size(p->fd);
			avail = fs - p->fp < 0 ? 0 : fs - p->fp < (int64_t)n ? fs - p->fp : (int64_t)n;
		}
		r = shared_io(p->fd, wr, buffer, size, blocksize, 0, (size_t)avail, p->fp, -1, loc);
		if (r > 0)
			p->fp += r;
		leave(flags, 0);
	}
	return r;
}

upc_off_t upcr_all_fread_local(upcr_sptr_t fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags, upcr_loc_t loc)
{
	return local_rw("upc_all_fread_local", 0, fd, buffer, size, nmemb, flags, loc);
}

upc_off_t upcr_all_fwrite_local(upcr_sptr_t fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags, upcr_loc_t loc)
{
	return local_rw("upc_all_fwrite_local", 1, fd, buffer, size, nmemb, flags, loc);
}

upc_off_t upcr_all_fread_shared(upcr_sptr_t fd, upcr_sptr_t buffer, size_t blocksize, size_t size, size_t nmemb,
				upc_flag_t flags, upcr_loc_t loc)
{
	return shared_rw("upc_all_fread_shared", 0, fd, buffer, blocksize, size, nmemb, flags, loc);
}

upc_off_t upcr_all_fwrite_shared(upcr_sptr_t fd, upcr_sptr_t buffer, size_t blocksize, size_t size, size_t nmemb,
				 upc_flag_t flags, upcr_loc_t loc)
{
	return shared_rw("upc_all_fwrite_shared", 1, fd, buffer, blocksize, size, nmemb, flags, loc);
}

/* List I/O: the file ranges, concatenated, map to the memory vectors,
 * concatenated; moves min(total file bytes, total memory bytes). */
static upc_off_t list_rw(const char *fn, int wr, upcr_sptr_t h, size_t nm, struct upc_local_memvec const *lm,
			 struct upc_shared_memvec const *sm, size_t nf, struct upc_filevec const *fv, upc_flag_t flags,
			 upcr_loc_t loc)
{
	fpriv_t *p = handle(h, fn, loc);
	uint64_t a = (uint64_t)flags;
	enter(fn, h, &a, 1, flags, loc);
	size_t mi = 0, mo = 0, fi = 0, fo = 0;
	int64_t total = 0;
	int err = 0;
	while (mi < nm && fi < nf && !err) {
		size_t mlen = lm ? lm[mi].len : sm[mi].len;
		if (mo >= mlen) {
			mi++, mo = 0;
			continue;
		}
		if (fv[fi].offset < 0)
			upcr_fatal("io", loc, "thread %d calls %s with a negative file offset", upcr_mythread_, fn);
		if (fo >= fv[fi].len) {
			fi++, fo = 0;
			continue;
		}
		size_t n = mlen - mo < fv[fi].len - fo ? mlen - mo : fv[fi].len - fo;
		int64_t off = fv[fi].offset + (int64_t)fo, k;
		if (lm)
			k = do_io(p->fd, wr, (char *)lm[mi].baseaddr + mo, n, off);
		else
			k = shared_io(p->fd, wr, sm[mi].baseaddr, 1, sm[mi].blocksize, mo, n, off, -1, loc);
		if (k < 0) {
			err = 1;
			break;
		}
		total += k;
		if ((size_t)k < n)
			break; /* end of file */
		mo += n, fo += n;
	}
	leave(flags, 0);
	return err ? -1 : total;
}

upc_off_t upcr_all_fread_list_local(upcr_sptr_t fd, size_t nm, struct upc_local_memvec const *mv, size_t nf,
				    struct upc_filevec const *fv, upc_flag_t flags, upcr_loc_t loc)
{
	return list_rw("upc_all_fread_list_local", 0, fd, nm, mv, NULL, nf, fv, flags, loc);
}

upc_off_t upcr_all_fwrite_list_local(upcr_sptr_t fd, size_t nm, struct upc_local_memvec const *mv, size_t nf,
				     struct upc_filevec const *fv, upc_flag_t flags, upcr_loc_t loc)
{
	return list_rw("upc_all_fwrite_list_local", 1, fd, nm, mv, NULL, nf, fv, flags, loc);
}

upc_off_t upcr_all_fread_list_shared(upcr_sptr_t fd, size_t nm, struct upc_shared_memvec const *mv, size_t nf,
				     struct upc_filevec const *fv, upc_flag_t flags, upcr_loc_t loc)
{
	return list_rw("upc_all_fread_list_shared", 0, fd, nm, NULL, mv, nf, fv, flags, loc);
}

upc_off_t upcr_all_fwrite_list_shared(upcr_sptr_t fd, size_t nm, struct upc_shared_memvec const *mv, size_t nf,
				      struct upc_filevec const *fv, upc_flag_t flags, upcr_loc_t loc)
{
	return list_rw("upc_all_fwrite_list_shared", 1, fd, nm, NULL, mv, nf, fv, flags, loc);
}

/* ---- asynchronous variants: done at the call, result kept ---- */

static void async_start(upcr_sptr_t h, const char *fn, upcr_loc_t loc)
{
	fpriv_t *p = handle(h, fn, loc);
	if (p->pending)
		upcr_fatal("io", loc,
			   "thread %d calls %s while an asynchronous operation on the file is outstanding "
			   "(upc_all_fwait_async first)",
			   upcr_mythread_, fn);
}

static void async_done(upcr_sptr_t h, upc_off_t r, upcr_loc_t loc)
{
	fpriv_t *p = priv_of(h);
	p->pending = 1;
	p->result = r;
	p->async_loc = loc;
}

#define ASYNC(NAME, CALL)                                      \
	do {                                                   \
		async_start(fd, NAME, loc);                    \
		upc_off_t r_ = CALL;                           \
		async_done(fd, r_, loc);                       \
	} while (0)

void upcr_all_fread_local_async(upcr_sptr_t fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags, upcr_loc_t loc)
{
	ASYNC("upc_all_fread_local_async", local_rw("upc_all_fread_local_async", 0, fd, buffer, size, nmemb, flags, loc));
}

void upcr_all_fwrite_local_async(upcr_sptr_t fd, void *buffer, size_t size, size_t nmemb, upc_flag_t flags, upcr_loc_t loc)
{
	ASYNC("upc_all_fwrite_local_async", local_rw("upc_all_fwrite_local_async", 1, fd, buffer, size, nmemb, flags, loc));
}

void upcr_all_fread_shared_async(upcr_sptr_t fd, upcr_sptr_t buffer, size_t blocksize, size_t size, size_t nmemb,
				 upc_flag_t flags, upcr_loc_t loc)
{
	ASYNC("upc_all_fread_shared_async",
	      shared_rw("upc_all_fread_shared_async", 0, fd, buffer, blocksize, size, nmemb, flags, loc));
}

void upcr_all_fwrite_shared_async(upcr_sptr_t fd, upcr_sptr_t buffer, size_t blocksize, size_t size, size_t nmemb,
				  upc_flag_t flags, upcr_loc_t loc)
{
	ASYNC("upc_all_fwrite_shared_async",
	      shared_rw("upc_all_fwrite_shared_async", 1, fd, buffer, blocksize, size, nmemb, flags, loc));
}

void upcr_all_fread_list_local_async(upcr_sptr_t fd, size_t nm, struct upc_local_memvec const *mv, size_t nf,
				     struct upc_filevec const *fv, upc_flag_t flags, upcr_loc_t loc)
{
	ASYNC("upc_all_fread_list_local_async",
	      list_rw("upc_all_fread_list_local_async", 0, fd, nm, mv, NULL, nf, fv, flags, loc));
}

void upcr_all_fwrite_list_local_async(upcr_sptr_t fd, size_t nm, struct upc_local_memvec const *mv, size_t nf,
				      struct upc_filevec const *fv, upc_flag_t flags, upcr_loc_t loc)
{
	ASYNC("upc_all_fwrite_list_local_async",
	      list_rw("upc_all_fwrite_list_local_async", 1, fd, nm, mv, NULL, nf, fv, flags, loc));
}

void upcr_all_fread_list_shared_async(upcr_sptr_t fd, size_t nm, struct upc_shared_memvec const *mv, size_t nf,
				      struct upc_filevec const *fv, upc_flag_t flags, upcr_loc_t loc)
{
	ASYNC("upc_all_fread_list_shared_async",
	      list_rw("upc_all_fread_list_shared_async", 0, fd, nm, NULL, mv, nf, fv, flags, loc));
}

void upcr_all_fwrite_list_shared_async(upcr_sptr_t fd, size_t nm, struct upc_shared_memvec const *mv, size_t nf,
				       struct upc_filevec const *fv, upc_flag_t flags, upcr_loc_t loc)
{
	ASYNC("upc_all_fwrite_list_shared_async",
	      list_rw("upc_all_fwrite_list_shared_async", 1, fd, nm, NULL, mv, nf, fv, flags, loc));
}

upc_off_t upcr_all_fwait_async(upcr_sptr_t fd, upcr_loc_t loc)
{
	static const char fn[] = "upc_all_fwait_async";
	fpriv_t *p = handle(fd, fn, loc);
	if (!p->pending)
		upcr_fatal("io", loc, "thread %d calls %s with no asynchronous operation outstanding", upcr_mythread_, fn);
	enter(fn, fd, NULL, 0, UPC_IN_NOSYNC, loc);
	p->pending = 0;
	leave(UPC_OUT_NOSYNC, 0);
	return p->result;
}

upc_off_t upcr_all_ftest_async(upcr_sptr_t fd, int *flag, upcr_loc_t loc)
{
	static const char fn[] = "upc_all_ftest_async";
	fpriv_t *p = handle(fd, fn, loc);
	if (!p->pending)
		upcr_fatal("io", loc, "thread %d calls %s with no asynchronous operation outstanding", upcr_mythread_, fn);
	enter(fn, fd, NULL, 0, UPC_IN_NOSYNC, loc);
	p->pending = 0;
	if (flag)
		*flag = 1;
	leave(UPC_OUT_NOSYNC, 0);
	return p->result;
}
