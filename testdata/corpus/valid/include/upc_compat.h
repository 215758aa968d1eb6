/* upc_compat.h: small portability layer used by several corpus programs.
   Macros hide UPC statements so that code reads like a runtime API. */
#ifndef UPC_COMPAT_H
#define UPC_COMPAT_H

#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define BARRIER()            upc_barrier
#define BARRIER_ID(id)       upc_barrier (id)
#define NOTIFY()             upc_notify
#define WAIT()               upc_wait
#define FENCE()              upc_fence
#define MYPE                 MYTHREAD
#define NPES                 THREADS
#define ROOT                 0
#define IS_ROOT()            (MYTHREAD == ROOT)
#define FOR_MINE(i, n, aff)  upc_forall ((i) = 0; (i) < (n); (i)++; aff)
#define FOR_ALL(i, n)        upc_forall ((i) = 0; (i) < (n); (i)++; continue)
#define LOCK(l)              upc_lock(l)
#define UNLOCK(l)            upc_unlock(l)
#define LOCAL_PTR(T, sp)     ((T *)(sp))

#define ROOT_PRINTF(...)                   \
    do {                                   \
        if (IS_ROOT())                     \
            printf(__VA_ARGS__);           \
    } while (0)

#define DIE(msg)                                                            \
    do {                                                                    \
        fprintf(stderr, "[%d] fatal: %s (%s:%d)\n", MYPE, (msg), __FILE__,  \
                __LINE__);                                                  \
        upc_global_exit(EXIT_FAILURE);                                      \
    } while (0)

#if defined(__UPC_STATIC_THREADS__)
#  define THREADS_MODE "static"
#elif defined(__UPC_DYNAMIC_THREADS__)
#  define THREADS_MODE "dynamic"
#else
#  define THREADS_MODE "unknown"
#endif

#endif /* UPC_COMPAT_H */
