/* <sys/file.h>: BSD file locks, with the Linux values. */
#ifndef _UPCLINT_SYS_FILE_H
#define _UPCLINT_SYS_FILE_H
#include <fcntl.h>
#define LOCK_SH 1
#define LOCK_EX 2
#define LOCK_NB 4
#define LOCK_UN 8
extern int flock(int fd, int operation);
#endif /* _UPCLINT_SYS_FILE_H */
