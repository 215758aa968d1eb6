/* <bupc_extern.h>: the Berkeley UPC interface for C code (an MPI or C
   main program) that starts the UPC runtime and calls into UPC code. */
#ifndef _UPCLINT_BUPC_EXTERN_H
#define _UPCLINT_BUPC_EXTERN_H
#include <stddef.h>

/* Start the runtime from a C main (bupc_init), or have it run pmain_func
   on every UPC thread (bupc_init_reentrant); bupc_exit ends the job. */
void bupc_init(int *argc, char ***argv);
void bupc_init_reentrant(int *argc, char ***argv, int (*pmain_func)(int, char **));
void bupc_exit(int exitcode);

/* MYTHREAD, THREADS, the synchronization statements and the allocation
   functions, for C code. */
int bupc_extern_mythread(void);
int bupc_extern_threads(void);
char *bupc_extern_getenv(const char *env_name);
void bupc_extern_notify(int barrier_id);
void bupc_extern_wait(int barrier_id);
void bupc_extern_barrier(int barrier_id);
void *bupc_extern_alloc(size_t bytes);
void *bupc_extern_all_alloc(size_t nblocks, size_t blocksz);
void bupc_extern_free(void *ptr, int thread);

#endif /* _UPCLINT_BUPC_EXTERN_H */
