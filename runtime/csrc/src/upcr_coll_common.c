/*
 * upcr_coll_common.c - the part of the collectives library (UPC 1.3
 * section 7.3) that is the same on every backend: counting and charging
 * transfers, the synchronisation flags, and the relocalisation operations
 * other than broadcast (scatter, gather, gather_all, exchange, permute),
 * which copy between shared locations with the backend's
 * upcr_copy_shared between the synchronisation points.  Broadcast and the
 * reductions are each backend's (upcr_coll.c, mpi/upcr_mpi_coll.c).
 */
#include "upcr_internal.h"

#include <stdint.h>
#include <string.h>

void upcr_coll_count_local(size_t n)
{
	upcr_ctr_.bulk_local++;
	upcr_ctr_.bulk_local_bytes += n;
}

void upcr_coll_count_remote(int target, size_t n, upcr_loc_t loc)
{
	upcr_ctr_.bulk_remote++;
	upcr_ctr_.bulk_remote_bytes += n;
	upcr_model_transfer(target, n, loc);
}

/* Account an access of n bytes with affinity to thread t. */
void upcr_coll_account(int t, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	if (THREADS == 1 || t == upcr_mythread_)
		upcr_coll_count_local(n);
	else
		upcr_coll_count_remote(t, n, loc);
}

/* Shared-to-shared copy: counted once against the remote side (a third
 * party copy, neither side local, counts both). */
void upcr_coll_xfer(upcr_sptr_t dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	upcr_copy_shared(dst, src, n);
	int me = upcr_mythread_;
	int dl = THREADS == 1 || (int)dst.thread == me, sl = THREADS == 1 || (int)src.thread == me;
	if (dl && sl) {
		upcr_coll_count_local(n);
		return;
	}
	if (!sl)
		upcr_coll_count_remote((int)src.thread, n, loc);
	if (!dl)
		upcr_coll_count_remote((int)dst.thread, n, loc);
}

void upcr_coll_check_flags(const char *name, upc_flag_t flags, upcr_loc_t loc)
{
	if ((flags & ~15) != 0 || (flags & 3) == 3 || (flags & 12) == 12)
		upcr_fatal("collective-flags", loc, "%s: invalid synchronisation flags %d", name, (int)flags);
}

void upcr_coll_in_sync(upc_flag_t flags)
{
	if ((flags & 3) != UPC_IN_NOSYNC)
		upcr_coll_barrier();
}

void upcr_coll_out_sync(upc_flag_t flags)
{
	if ((flags & 12) != UPC_OUT_NOSYNC)
		upcr_coll_barrier();
}

void upcr_coll_need_bytes(const char *name, size_t nbytes, upcr_loc_t loc)
{
	if (nbytes == 0)
		upcr_fatal("collective-args", loc, "%s: nbytes is 0 (must be positive)", name);
}

/* The block of nbytes with affinity to thread t of an array that dst
 * points to, read as shared [nbytes] char[nbytes*THREADS] (phase 0). */
upcr_sptr_t upcr_coll_block_of(upcr_sptr_t p, int t, size_t nbytes)
{
	int T = THREADS;
	int64_t i = ((int64_t)t - (int64_t)p.thread % T + T) % T;
	return upcr_add(upcr_cast(p), i * (int64_t)nbytes, 1, nbytes);
}

/* upcr_coll_enter and the check of the flags */
void upcr_coll_begin(const char *name, const uint64_t *args, int nargs, size_t bytes, upc_flag_t flags,
		     upcr_loc_t loc)
{
	upcr_coll_enter(name, args, nargs, bytes, loc);
	upcr_coll_check_flags(name, flags, loc);
}

void upcr_coll_begin_move(const char *name, upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, size_t total,
			  upc_flag_t flags, upcr_loc_t loc)
{
	uint64_t args[] = {upcr_sptr_bits(dst), upcr_sptr_bits(src), nbytes, (uint64_t)flags};
	upcr_coll_begin(name, args, 4, total, flags, loc);
	upcr_coll_need_bytes(name, nbytes, loc);
	upcr_coll_in_sync(flags);
}

void upcr_coll_begin_op(const char *name, upcr_sptr_t dst, upcr_sptr_t src, int op, size_t nelems, size_t blk,
			upcr_anyfn_t fn, upc_flag_t flags, size_t esz, int isfloat, upcr_loc_t loc)
{
	uint64_t args[] = {upcr_sptr_bits(dst), upcr_sptr_bits(src), (uint64_t)op, nelems, blk,
			   (uint64_t)(uintptr_t)fn, (uint64_t)flags};
	upcr_coll_begin(name, args, 7, nelems * esz, flags, loc);
	if (op < UPC_ADD || op > UPC_NONCOMM_FUNC)
		upcr_fatal("collective-args", loc, "%s: invalid operation %d", name, op);
	if (isfloat && (op == UPC_AND || op == UPC_OR || op == UPC_XOR))
		upcr_fatal("collective-args", loc, "%s: bitwise operation %d on a floating type", name, op);
	if ((op == UPC_FUNC || op == UPC_NONCOMM_FUNC) && fn == NULL)
		upcr_fatal("collective-args", loc, "%s: UPC_FUNC/UPC_NONCOMM_FUNC with a null function", name);
}

/* ---- relocalization ---- */

void upcr_all_scatter(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc)
{
	static const char name[] = "upc_all_scatter";
	upcr_coll_begin_move(name, dst, src, nbytes, nbytes * (size_t)THREADS, flags, loc);
	int me = upcr_mythread_;
	upcr_coll_xfer(upcr_coll_block_of(dst, me, nbytes), upcr_add(src, (int64_t)me * (int64_t)nbytes, 1, 0), nbytes, loc);
	upcr_coll_out_sync(flags);
	upcr_coll_exit();
}

void upcr_all_gather(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc)
{
	static const char name[] = "upc_all_gather";
	upcr_coll_begin_move(name, dst, src, nbytes, nbytes * (size_t)THREADS, flags, loc);
	int me = upcr_mythread_;
	upcr_coll_xfer(upcr_add(dst, (int64_t)me * (int64_t)nbytes, 1, 0), upcr_coll_block_of(src, me, nbytes), nbytes, loc);
	upcr_coll_out_sync(flags);
	upcr_coll_exit();
}

void upcr_all_gather_all(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc)
{
	static const char name[] = "upc_all_gather_all";
	int T = THREADS, me = upcr_mythread_;
	upcr_coll_begin_move(name, dst, src, nbytes, nbytes * (size_t)T * (size_t)T, flags, loc);
	upcr_sptr_t mine = upcr_coll_block_of(dst, me, nbytes * (size_t)T);
	/* start with the own block, then the others in a rotated order so
	 * that the threads do not all hit thread 0 first */
	for (int i = 0; i < T; i++) {
		int j = (me + i) % T;
		upcr_coll_xfer(upcr_field(mine, (size_t)j * nbytes), upcr_coll_block_of(src, j, nbytes), nbytes, loc);
	}
	upcr_coll_out_sync(flags);
	upcr_coll_exit();
}

void upcr_all_exchange(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, upc_flag_t flags, upcr_loc_t loc)
{
	static const char name[] = "upc_all_exchange";
	int T = THREADS, me = upcr_mythread_;
	size_t area = nbytes * (size_t)T;
	upcr_coll_begin_move(name, dst, src, nbytes, area * (size_t)T, flags, loc);
	upcr_sptr_t mine = upcr_coll_block_of(dst, me, area);
	/* block me of thread j's source goes to block j of my destination */
	for (int i = 0; i < T; i++) {
		int j = (me + i) % T;
		upcr_coll_xfer(upcr_field(mine, (size_t)j * nbytes), upcr_field(upcr_coll_block_of(src, j, area), (size_t)me * nbytes),
		     nbytes, loc);
	}
	upcr_coll_out_sync(flags);
	upcr_coll_exit();
}

void upcr_all_permute(upcr_sptr_t dst, upcr_sptr_t src, upcr_sptr_t perm, size_t nbytes, upc_flag_t flags,
		      upcr_loc_t loc)
{
	static const char name[] = "upc_all_permute";
	uint64_t args[] = {upcr_sptr_bits(dst), upcr_sptr_bits(src), upcr_sptr_bits(perm), nbytes, (uint64_t)flags};
	int T = THREADS, me = upcr_mythread_;
	upcr_coll_begin(name, args, 5, nbytes * (size_t)T, flags, loc);
	upcr_coll_need_bytes(name, nbytes, loc);
	upcr_coll_in_sync(flags);
	upcr_sptr_t pp = upcr_add(perm, me, sizeof(int), 1);
	int to;
	upcr_read_shared(&to, pp, sizeof to);
	upcr_coll_account((int)pp.thread, sizeof to, loc);
	if (to < 0 || to >= T)
		upcr_fatal("collective-args", loc, "upc_all_permute: perm[%d] = %d is not a thread number (THREADS = %d)",
			   me, to, T);
	upcr_coll_xfer(upcr_coll_block_of(dst, to, nbytes), upcr_coll_block_of(src, me, nbytes), nbytes, loc);
	upcr_coll_out_sync(flags);
	upcr_coll_exit();
}
