/*
 * upcr_mpi.h - state shared by the files of the MPI-3 backend.
 *
 * One MPI rank per UPC thread.  Every rank allocates one window
 * (MPI_Win_allocate) laid out as
 *
 *   [control region][partition][rank slot]
 *
 * The control region has the SMP runtime's layout (upcr_internal.h): the
 * rank keeps its own thread slot, per-line table and reports there, so
 * the statistics code shared with the SMP backend works unchanged, and a
 * rank that must write the final report reads the other ranks' slots
 * with MPI_Get.  The partition is the thread's part of the shared
 * segment: a pointer-to-shared (thread, offset) is rank `thread`,
 * displacement ctl_total + offset.  All ranks hold a passive-target
 * lock_all epoch on the window for the whole run.
 */
#ifndef UPCR_MPI_H
#define UPCR_MPI_H

#include "upcr_internal.h"

#include <mpi.h>

/* What a rank shows the others beyond its thread slot. */
typedef struct upcr_mpi_slot {
	volatile uint64_t progress;  /* blocking operations completed */
	volatile uint32_t symtop;    /* rank 0: symmetric heap top, 64-byte units past heap_start */
	volatile int32_t exit_code;
	char coll[64];               /* collective being waited in */
} upcr_mpi_slot_t;

extern MPI_Win upcr_win_;
extern size_t upcr_ctl_total_;
extern upcr_mpi_slot_t *upcr_slot_;

static inline MPI_Aint upcr_disp(upcr_sptr_t p) { return (MPI_Aint)(upcr_ctl_total_ + p.off); }
static inline MPI_Aint upcr_slot_disp(void) { return (MPI_Aint)(upcr_ctl_total_ + upcr_partsize_); }

/* one-sided transfers (upcr_mpi_core.c) */
void upcr_rma_get(void *dst, int rank, MPI_Aint disp, size_t n);
void upcr_rma_put(int rank, MPI_Aint disp, const void *src, size_t n);
void upcr_rma_flush_all(void);
uint32_t upcr_rma_cas32(int rank, MPI_Aint disp, uint32_t compare, uint32_t swap);
uint32_t upcr_rma_fetch_add32(int rank, MPI_Aint disp, uint32_t add);

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
