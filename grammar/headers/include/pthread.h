/* <pthread.h>: POSIX threads, with the glibc x86-64 sizes of the opaque
   types (each a union of its size and a long for alignment) and the glibc
   values. As in glibc, the mutex kinds are enumeration constants, not
   macros. */
#ifndef _UPCLINT_PTHREAD_H
#define _UPCLINT_PTHREAD_H
#include <sched.h>
#include <time.h>

#include <bits/upclint_pthreadtypes.h>

#define PTHREAD_MUTEX_INITIALIZER { { 0 } }
#define PTHREAD_COND_INITIALIZER { { 0 } }
#define PTHREAD_RWLOCK_INITIALIZER { { 0 } }
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_CANCELED ((void *)-1)
#define PTHREAD_BARRIER_SERIAL_THREAD -1

#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_INHERIT_SCHED 0
#define PTHREAD_EXPLICIT_SCHED 1
#define PTHREAD_SCOPE_SYSTEM 0
#define PTHREAD_SCOPE_PROCESS 1
#define PTHREAD_PROCESS_PRIVATE 0
#define PTHREAD_PROCESS_SHARED 1
#define PTHREAD_CANCEL_ENABLE 0
#define PTHREAD_CANCEL_DISABLE 1
#define PTHREAD_CANCEL_DEFERRED 0
#define PTHREAD_CANCEL_ASYNCHRONOUS 1

enum {
	PTHREAD_MUTEX_TIMED_NP,
	PTHREAD_MUTEX_RECURSIVE_NP,
	PTHREAD_MUTEX_ERRORCHECK_NP,
	PTHREAD_MUTEX_ADAPTIVE_NP,
	PTHREAD_MUTEX_NORMAL = PTHREAD_MUTEX_TIMED_NP,
	PTHREAD_MUTEX_RECURSIVE = PTHREAD_MUTEX_RECURSIVE_NP,
	PTHREAD_MUTEX_ERRORCHECK = PTHREAD_MUTEX_ERRORCHECK_NP,
	PTHREAD_MUTEX_DEFAULT = PTHREAD_MUTEX_NORMAL,
	PTHREAD_MUTEX_FAST_NP = PTHREAD_MUTEX_TIMED_NP
};

/* Robust mutexes, priority protocols and reader-writer lock kinds. */
enum {
	PTHREAD_MUTEX_STALLED,
	PTHREAD_MUTEX_ROBUST,
	PTHREAD_MUTEX_STALLED_NP = PTHREAD_MUTEX_STALLED,
	PTHREAD_MUTEX_ROBUST_NP = PTHREAD_MUTEX_ROBUST
};
enum {
	PTHREAD_PRIO_NONE,
	PTHREAD_PRIO_INHERIT,
	PTHREAD_PRIO_PROTECT
};
enum {
	PTHREAD_RWLOCK_PREFER_READER_NP,
	PTHREAD_RWLOCK_PREFER_WRITER_NP,
	PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP,
	PTHREAD_RWLOCK_DEFAULT_NP = PTHREAD_RWLOCK_PREFER_READER_NP
};

/* Also in <limits.h>, as glibc's <pthread.h> makes it visible. */
#define PTHREAD_STACK_MIN 16384L

extern int pthread_create(pthread_t * restrict thread, const pthread_attr_t * restrict attr, void *(*start)(void *), void * restrict arg);
extern int pthread_join(pthread_t thread, void **retval);
extern int pthread_detach(pthread_t thread);
extern void pthread_exit(void *retval);
extern pthread_t pthread_self(void);
extern int pthread_equal(pthread_t t1, pthread_t t2);
extern int pthread_cancel(pthread_t thread);
extern int pthread_setcancelstate(int state, int *oldstate);
extern int pthread_setcanceltype(int type, int *oldtype);
extern void pthread_testcancel(void);
extern int pthread_once(pthread_once_t *once, void (*init)(void));
extern int pthread_kill(pthread_t thread, int sig);
extern int pthread_getconcurrency(void);
extern int pthread_setconcurrency(int level);
extern int pthread_getschedparam(pthread_t thread, int * restrict policy, struct sched_param * restrict param);
extern int pthread_setschedparam(pthread_t thread, int policy, const struct sched_param *param);

extern int pthread_attr_init(pthread_attr_t *attr);
extern int pthread_attr_destroy(pthread_attr_t *attr);
extern int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *state);
extern int pthread_attr_setdetachstate(pthread_attr_t *attr, int state);
extern int pthread_attr_getstacksize(const pthread_attr_t * restrict attr, size_t * restrict size);
extern int pthread_attr_setstacksize(pthread_attr_t *attr, size_t size);
extern int pthread_attr_getscope(const pthread_attr_t * restrict attr, int * restrict scope);
extern int pthread_attr_setscope(pthread_attr_t *attr, int scope);
extern int pthread_attr_setschedpolicy(pthread_attr_t *attr, int policy);
extern int pthread_attr_setschedparam(pthread_attr_t * restrict attr, const struct sched_param * restrict param);
extern int pthread_attr_setinheritsched(pthread_attr_t *attr, int inherit);
extern int pthread_attr_setguardsize(pthread_attr_t *attr, size_t size);

extern int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr);
extern int pthread_mutex_destroy(pthread_mutex_t *mutex);
extern int pthread_mutex_lock(pthread_mutex_t *mutex);
extern int pthread_mutex_trylock(pthread_mutex_t *mutex);
extern int pthread_mutex_unlock(pthread_mutex_t *mutex);
extern int pthread_mutex_timedlock(pthread_mutex_t * restrict mutex, const struct timespec * restrict abstime);
extern int pthread_mutexattr_init(pthread_mutexattr_t *attr);
extern int pthread_mutexattr_destroy(pthread_mutexattr_t *attr);
extern int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int kind);
extern int pthread_mutexattr_gettype(const pthread_mutexattr_t * restrict attr, int * restrict kind);
extern int pthread_mutexattr_setpshared(pthread_mutexattr_t *attr, int pshared);

extern int pthread_cond_init(pthread_cond_t * restrict cond, const pthread_condattr_t * restrict attr);
extern int pthread_cond_destroy(pthread_cond_t *cond);
extern int pthread_cond_signal(pthread_cond_t *cond);
extern int pthread_cond_broadcast(pthread_cond_t *cond);
extern int pthread_cond_wait(pthread_cond_t * restrict cond, pthread_mutex_t * restrict mutex);
extern int pthread_cond_timedwait(pthread_cond_t * restrict cond, pthread_mutex_t * restrict mutex, const struct timespec * restrict abstime);
extern int pthread_condattr_init(pthread_condattr_t *attr);
extern int pthread_condattr_destroy(pthread_condattr_t *attr);
extern int pthread_condattr_setpshared(pthread_condattr_t *attr, int pshared);
extern int pthread_condattr_setclock(pthread_condattr_t *attr, clockid_t clock_id);

extern int pthread_rwlock_init(pthread_rwlock_t * restrict rwlock, const pthread_rwlockattr_t * restrict attr);
extern int pthread_rwlock_destroy(pthread_rwlock_t *rwlock);
extern int pthread_rwlock_rdlock(pthread_rwlock_t *rwlock);
extern int pthread_rwlock_tryrdlock(pthread_rwlock_t *rwlock);
extern int pthread_rwlock_wrlock(pthread_rwlock_t *rwlock);
extern int pthread_rwlock_trywrlock(pthread_rwlock_t *rwlock);
extern int pthread_rwlock_unlock(pthread_rwlock_t *rwlock);

extern int pthread_spin_init(pthread_spinlock_t *lock, int pshared);
extern int pthread_spin_destroy(pthread_spinlock_t *lock);
extern int pthread_spin_lock(pthread_spinlock_t *lock);
extern int pthread_spin_trylock(pthread_spinlock_t *lock);
extern int pthread_spin_unlock(pthread_spinlock_t *lock);

extern int pthread_barrier_init(pthread_barrier_t * restrict b, const pthread_barrierattr_t * restrict attr, unsigned int count);
extern int pthread_barrier_destroy(pthread_barrier_t *b);
extern int pthread_barrier_wait(pthread_barrier_t *b);
extern int pthread_barrierattr_init(pthread_barrierattr_t *attr);
extern int pthread_barrierattr_destroy(pthread_barrierattr_t *attr);
extern int pthread_barrierattr_setpshared(pthread_barrierattr_t *attr, int pshared);

extern int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
extern int pthread_key_delete(pthread_key_t key);
extern void *pthread_getspecific(pthread_key_t key);
extern int pthread_setspecific(pthread_key_t key, const void *value);
extern int pthread_atfork(void (*prepare)(void), void (*parent)(void), void (*child)(void));

/* GNU extensions. */
extern int pthread_setaffinity_np(pthread_t thread, size_t cpusetsize, const cpu_set_t *cpuset);
extern int pthread_getaffinity_np(pthread_t thread, size_t cpusetsize, cpu_set_t *cpuset);
extern int pthread_yield(void);

#endif /* _UPCLINT_PTHREAD_H */
