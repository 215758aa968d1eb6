/* <sys/uio.h>: vector I/O (POSIX). */
#ifndef _UPCLINT_SYS_UIO_H
#define _UPCLINT_SYS_UIO_H
#include <sys/types.h>
struct iovec {
	void *iov_base;
	size_t iov_len;
};
extern ssize_t readv(int fd, const struct iovec *iov, int iovcnt);
extern ssize_t writev(int fd, const struct iovec *iov, int iovcnt);
#endif /* _UPCLINT_SYS_UIO_H */
