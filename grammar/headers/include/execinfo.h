/* <execinfo.h>: glibc backtraces. */
#ifndef _UPCLINT_EXECINFO_H
#define _UPCLINT_EXECINFO_H
extern int backtrace(void **buffer, int size);
extern char **backtrace_symbols(void * const *buffer, int size);
extern void backtrace_symbols_fd(void * const *buffer, int size, int fd);
#endif /* _UPCLINT_EXECINFO_H */
