/*
 * upcr_mpi.h - state shared by the files of the MPI-3 backend.
 *
 * One MPI rank per UPC thread.  Each rank's part of the window is its
 * partition of the shared segment, laid out as on the SMP backend
 * ([guard][static objects][scratch][heaps]) and followed by
 *
 *   [control region][rank slot]
 *
 * The control region has the SMP runtime's layout (upcr_internal.h): the
 * rank keeps its own thread slot, per-line table and reports there, so
 * the statistics code shared with the SMP backend works unchanged, and a
 * rank that must write the final report reads the other ranks' with
 * MPI_Get.  A pointer-to-shared (thread, offset) is rank `thread`,
 * displacement `offset`.  All ranks hold a passive-target lock_all epoch
 * on the window for the whole run.
 *
 * When every rank runs on one node the window is allocated with
 * MPI_Win_allocate_shared, contiguously, so that the partitions also lie
 * at the SMP backend's addresses (upcr_addr is valid for every thread)
 * and the extension libraries shared with the SMP backend (atomics,
 * semaphores, UPC-IO, ...) work unchanged; the runtime's own accesses
 * still go through MPI.  Across nodes the window is created over this
 * rank's part of an address range reserved for all partitions: a library
 * function that touches another thread's memory directly gets a clear
 * report instead of a wrong result.
 */
#ifndef UPCR_MPI_H
#define UPCR_MPI_H

#include "upcr_internal.h"

#include <mpi.h>

/* What a rank shows the others beyond its thread slot. */
typedef struct upcr_mpi_slot {
	volatile uint64_t progress;  /* blocking operations completed */
	volatile uint32_t symtop;    /* rank 0: symmetric heap top, 64-byte units past heap_start */
	volatile uint32_t locmin;    /* rank 0: lowest bottom of any local heap, same units */
	volatile int32_t exit_code;
	volatile uint32_t aborter;   /* rank 0: ranks that started to stop the program */
	volatile uint32_t heapgen;   /* rank 0, under --check: blocks freed (upcr_heap_gen) */
	char coll[64];               /* collective being waited in */
} upcr_mpi_slot_t;

extern MPI_Win upcr_win_;
extern size_t upcr_ctl_off_; /* displacement of the control region */
extern upcr_mpi_slot_t *upcr_slot_;
extern int upcr_mpi_shared_; /* every partition is mapped (one node) */

extern size_t upcr_disp0_;   /* where partitions start in the window segments */

#define UPCR_SLOT_SIZE 4096
/* Unused end of each partition: a shared window starts its segments at
 * an address that is not page-aligned, so the partitions are shifted up
 * to the next page and the end of each lies in the next segment. */
#define UPCR_TAIL 4096

static inline MPI_Aint upcr_disp(upcr_sptr_t p) { return (MPI_Aint)(upcr_disp0_ + p.off); }
static inline size_t upcr_slot_off(void) { return upcr_partsize_ - UPCR_TAIL - UPCR_SLOT_SIZE; }
static inline MPI_Aint upcr_slot_disp(void) { return (MPI_Aint)(upcr_disp0_ + upcr_slot_off()); }
/* displacement of a byte of the control region */
static inline MPI_Aint upcr_ctl_disp(const volatile void *p)
{
	return (MPI_Aint)(upcr_disp0_ + upcr_ctl_off_ + (size_t)((const char *)p - (const char *)upcr_ctl_));
}

/* one-sided transfers (upcr_mpi_core.c) */
void upcr_rma_get(void *dst, int rank, MPI_Aint disp, size_t n);
void upcr_rma_put(int rank, MPI_Aint disp, const void *src, size_t n);
void upcr_rma_flush_all(void);
uint32_t upcr_rma_cas32(int rank, MPI_Aint disp, uint32_t compare, uint32_t swap);
uint32_t upcr_rma_fetch_add32(int rank, MPI_Aint disp, uint32_t add);
uint32_t upcr_rma_fetch_op32(int rank, MPI_Aint disp, uint32_t v, MPI_Op op);

/* waiting: poll until done() (a request or a condition), with the
 * deadlock watchdog; returns when done */
typedef int (*upcr_poll_fn)(void *arg);
void upcr_mpi_wait(upcr_poll_fn done, void *arg);
void upcr_mpi_wait_req(MPI_Request *req);

/* termination: write the report (and statistics) for the whole run and
 * stop every rank */
void upcr_mpi_abort(int status) __attribute__((noreturn));

/* heap helpers (upcr_mpi_alloc.c) */
void upcr_mpi_heap_init(void);
uint64_t upcr_mpi_hdr_size(void);

#endif
