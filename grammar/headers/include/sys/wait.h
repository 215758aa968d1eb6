/* <sys/wait.h>: waiting for child processes (POSIX), with the glibc
   encoding of the status. */
#ifndef _UPCLINT_SYS_WAIT_H
#define _UPCLINT_SYS_WAIT_H
#include <sys/types.h>

#include <bits/upclint_wait.h>

extern pid_t wait(int *status);
extern pid_t waitpid(pid_t pid, int *status, int options);

#endif /* _UPCLINT_SYS_WAIT_H */
