/* <sys/select.h>: synchronous I/O multiplexing (POSIX), with the glibc
   x86-64 fd_set. */
#ifndef _UPCLINT_SYS_SELECT_H
#define _UPCLINT_SYS_SELECT_H

#define _UPCLINT_NEED_SUSECONDS_T
#define _UPCLINT_NEED_TIME_T
#define _UPCLINT_NEED_STRUCT_TIMESPEC
#define _UPCLINT_NEED_STRUCT_TIMEVAL
#define _UPCLINT_NEED_SIGSET_T
#include <bits/upclint_types.h>

#define FD_SETSIZE 1024

typedef long fd_mask;
#define NFDBITS (8 * (int)sizeof(fd_mask))

typedef struct {
	fd_mask fds_bits[FD_SETSIZE / (8 * (int)sizeof(fd_mask))];
} fd_set;

#define FD_ZERO(set) \
	do { \
		unsigned int _upclint_i; \
		for (_upclint_i = 0; _upclint_i < sizeof(fd_set) / sizeof(fd_mask); ++_upclint_i) \
			(set)->fds_bits[_upclint_i] = 0; \
	} while (0)
#define FD_SET(fd, set) ((void)((set)->fds_bits[(fd) / NFDBITS] |= (fd_mask)(1UL << ((fd) % NFDBITS))))
#define FD_CLR(fd, set) ((void)((set)->fds_bits[(fd) / NFDBITS] &= ~(fd_mask)(1UL << ((fd) % NFDBITS))))
#define FD_ISSET(fd, set) (((set)->fds_bits[(fd) / NFDBITS] & (fd_mask)(1UL << ((fd) % NFDBITS))) != 0)

extern int select(int nfds, fd_set * restrict readfds, fd_set * restrict writefds, fd_set * restrict exceptfds, struct timeval * restrict timeout);
extern int pselect(int nfds, fd_set * restrict readfds, fd_set * restrict writefds, fd_set * restrict exceptfds, const struct timespec * restrict timeout, const sigset_t * restrict sigmask);

#endif /* _UPCLINT_SYS_SELECT_H */
