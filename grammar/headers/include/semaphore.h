/* <semaphore.h>: POSIX semaphores, with glibc's x86-64 size of sem_t. */
#ifndef _UPCLINT_SEMAPHORE_H
#define _UPCLINT_SEMAPHORE_H

#define _UPCLINT_NEED_TIME_T
#define _UPCLINT_NEED_STRUCT_TIMESPEC
#include <bits/upclint_types.h>

typedef union {
	char __size[32];
	long __align;
} sem_t;

#define SEM_FAILED ((sem_t *)0)

extern int sem_init(sem_t *sem, int pshared, unsigned int value);
extern int sem_destroy(sem_t *sem);
extern sem_t *sem_open(const char *name, int oflag, ...);
extern int sem_close(sem_t *sem);
extern int sem_unlink(const char *name);
extern int sem_wait(sem_t *sem);
extern int sem_timedwait(sem_t * restrict sem, const struct timespec * restrict abstime);
extern int sem_trywait(sem_t *sem);
extern int sem_post(sem_t *sem);
extern int sem_getvalue(sem_t * restrict sem, int * restrict sval);

#endif /* _UPCLINT_SEMAPHORE_H */
