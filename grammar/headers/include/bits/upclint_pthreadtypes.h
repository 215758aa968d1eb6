/* The opaque POSIX threads types, with the glibc x86-64 sizes (each a
   union of its size and a long for alignment). <sys/types.h> declares them
   too, as glibc's does. Internal: include <pthread.h> or <sys/types.h>. */
#ifndef _UPCLINT_BITS_PTHREADTYPES_H
#define _UPCLINT_BITS_PTHREADTYPES_H
typedef unsigned long pthread_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
typedef volatile int pthread_spinlock_t;
typedef union { char __size[56]; long __align; } pthread_attr_t;
typedef union { char __size[40]; long __align; } pthread_mutex_t;
typedef union { char __size[4]; int __align; } pthread_mutexattr_t;
typedef union { char __size[48]; long long __align; } pthread_cond_t;
typedef union { char __size[4]; int __align; } pthread_condattr_t;
typedef union { char __size[56]; long __align; } pthread_rwlock_t;
typedef union { char __size[8]; long __align; } pthread_rwlockattr_t;
typedef union { char __size[32]; long __align; } pthread_barrier_t;
typedef union { char __size[4]; int __align; } pthread_barrierattr_t;
#endif /* _UPCLINT_BITS_PTHREADTYPES_H */
