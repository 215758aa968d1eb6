/* <sys/socket.h>: sockets (POSIX), with the Linux x86-64 values and the
   glibc layouts. As in glibc, SOCK_*, MSG_* and SHUT_* are enumeration
   constants that are also macros. */
#ifndef _UPCLINT_SYS_SOCKET_H
#define _UPCLINT_SYS_SOCKET_H
#include <sys/types.h>
#include <sys/uio.h>

typedef unsigned int socklen_t;
typedef unsigned short sa_family_t;

struct sockaddr {
	sa_family_t sa_family;
	char sa_data[14];
};

struct sockaddr_storage {
	sa_family_t ss_family;
	char __ss_padding[118];
	unsigned long __ss_align;
};

#define PF_UNSPEC 0
#define PF_LOCAL 1
#define PF_UNIX PF_LOCAL
#define PF_INET 2
#define PF_INET6 10
#define AF_UNSPEC PF_UNSPEC
#define AF_LOCAL PF_LOCAL
#define AF_UNIX PF_UNIX
#define AF_INET PF_INET
#define AF_INET6 PF_INET6

enum {
	SOCK_STREAM = 1,
	SOCK_DGRAM = 2,
	SOCK_RAW = 3
};
#define SOCK_STREAM SOCK_STREAM
#define SOCK_DGRAM SOCK_DGRAM
#define SOCK_RAW SOCK_RAW

#define SOL_SOCKET 1
#define SO_REUSEADDR 2
#define SO_ERROR 4
#define SO_SNDBUF 7
#define SO_RCVBUF 8
#define SO_KEEPALIVE 9
#define SOMAXCONN 4096

enum {
	MSG_OOB = 0x01,
	MSG_PEEK = 0x02,
	MSG_DONTWAIT = 0x40,
	MSG_WAITALL = 0x100,
	MSG_NOSIGNAL = 0x4000
};
#define MSG_OOB MSG_OOB
#define MSG_PEEK MSG_PEEK
#define MSG_DONTWAIT MSG_DONTWAIT
#define MSG_WAITALL MSG_WAITALL
#define MSG_NOSIGNAL MSG_NOSIGNAL

enum {
	SHUT_RD = 0,
	SHUT_WR,
	SHUT_RDWR
};
#define SHUT_RD SHUT_RD
#define SHUT_WR SHUT_WR
#define SHUT_RDWR SHUT_RDWR

extern int socket(int domain, int type, int protocol);
extern int socketpair(int domain, int type, int protocol, int fds[2]);
extern int bind(int fd, const struct sockaddr *addr, socklen_t len);
extern int listen(int fd, int n);
extern int accept(int fd, struct sockaddr * restrict addr, socklen_t * restrict len);
extern int connect(int fd, const struct sockaddr *addr, socklen_t len);
extern ssize_t send(int fd, const void *buf, size_t n, int flags);
extern ssize_t recv(int fd, void *buf, size_t n, int flags);
extern ssize_t sendto(int fd, const void *buf, size_t n, int flags, const struct sockaddr *addr, socklen_t len);
extern ssize_t recvfrom(int fd, void * restrict buf, size_t n, int flags, struct sockaddr * restrict addr, socklen_t * restrict len);
extern int setsockopt(int fd, int level, int name, const void *val, socklen_t len);
extern int getsockopt(int fd, int level, int name, void * restrict val, socklen_t * restrict len);
extern int getsockname(int fd, struct sockaddr * restrict addr, socklen_t * restrict len);
extern int getpeername(int fd, struct sockaddr * restrict addr, socklen_t * restrict len);
extern int shutdown(int fd, int how);

#endif /* _UPCLINT_SYS_SOCKET_H */
