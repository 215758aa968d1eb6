/* <upc.h>: UPC utilities (UPC 1.3 section 7.2). THREADS, MYTHREAD,
   UPC_MAX_BLOCK_SIZE, upc_fence and the upc_*sizeof operators are part of
   the language, not of this header.

   What a program sees through <upc.h> is what it sees with Berkeley UPC and
   GNU UPC, whose <upc.h> programs are written against: <upc_types.h>,
   <stddef.h> (size_t, NULL, offsetof) and <stdlib.h> (Berkeley UPC),
   <sys/types.h> and upc_poll() (GNU UPC), the UPC 1.0 names of the
   synchronization statements (both), and the Berkeley UPC extensions of
   <bupc_extensions.h> (with <inttypes.h>) unless BUPC_DISABLE_EXTENSIONS is
   defined. */
#ifndef _UPCLINT_UPC_H
#define _UPCLINT_UPC_H

#include <upc_types.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/types.h>

/* The names of the synchronization statements before UPC 1.1 (UPC 1.0
   section 6.6), kept by the implementations for old programs. */
#define barrier upc_barrier
#define barrier_notify upc_notify
#define barrier_wait upc_wait
#define forall upc_forall
#define fence upc_fence

/* GNU UPC: a point where the runtime may make progress; nothing to do
   here. */
#ifndef upc_poll
#define upc_poll() ((void)0)
#endif

/* Termination of all threads. */
void upc_global_exit(int status);

/* Shared memory allocation. */
shared void *upc_global_alloc(size_t nblocks, size_t nbytes);
shared void *upc_all_alloc(size_t nblocks, size_t nbytes);
shared void *upc_alloc(size_t nbytes);
void upc_free(shared void *ptr);
void upc_all_free(shared void *ptr);
/* Removed in UPC 1.3 (deprecated in 1.2), still provided by implementations
   and used by older programs. */
shared void *upc_local_alloc(size_t nblocks, size_t nbytes);

/* Pointer-to-shared manipulation. */
size_t upc_threadof(shared void *ptr);
size_t upc_phaseof(shared void *ptr);
shared void *upc_resetphase(shared void *ptr);
size_t upc_addrfield(shared void *ptr);
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid);

/* Locks: upc_lock_t is an opaque shared incomplete type. */
typedef shared struct upc_lock_struct upc_lock_t;

upc_lock_t *upc_global_lock_alloc(void);
upc_lock_t *upc_all_lock_alloc(void);
void upc_lock_free(upc_lock_t *ptr);
void upc_all_lock_free(upc_lock_t *ptr);
void upc_lock(upc_lock_t *ptr);
int upc_lock_attempt(upc_lock_t *ptr);
/* Berkeley UPC: initializes a lock the program allocated itself. */
void upc_lock_init(upc_lock_t *ptr);
void upc_unlock(upc_lock_t *ptr);

/* Shared string handling. */
void upc_memcpy(shared void * restrict dst, shared const void * restrict src, size_t n);
void upc_memget(void * restrict dst, shared const void * restrict src, size_t n);
void upc_memput(shared void * restrict dst, const void * restrict src, size_t n);
void upc_memset(shared void *dst, int c, size_t n);

#ifndef BUPC_DISABLE_EXTENSIONS
#include <bupc_extensions.h>
#endif

#endif /* _UPCLINT_UPC_H */
