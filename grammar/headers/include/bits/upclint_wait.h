/* The options of waitpid and the glibc encoding of a child's status, which
   <stdlib.h> defines too (for the result of system()), as glibc's does.
   Internal: include <sys/wait.h> or <stdlib.h>. */
#ifndef _UPCLINT_BITS_WAIT_H
#define _UPCLINT_BITS_WAIT_H
#define WNOHANG 1
#define WUNTRACED 2
#define WSTOPPED 2
#define WEXITED 4
#define WCONTINUED 8
#define WNOWAIT 0x01000000

#define WEXITSTATUS(status) (((status) & 0xff00) >> 8)
#define WTERMSIG(status) ((status) & 0x7f)
#define WSTOPSIG(status) WEXITSTATUS(status)
#define WIFEXITED(status) (WTERMSIG(status) == 0)
#define WIFSIGNALED(status) (((signed char)(((status) & 0x7f) + 1) >> 1) > 0)
#define WIFSTOPPED(status) (((status) & 0xff) == 0x7f)
#define WIFCONTINUED(status) ((status) == 0xffff)
#define WCOREDUMP(status) ((status) & 0x80)
#endif /* _UPCLINT_BITS_WAIT_H */
