/* <err.h>: BSD formatted error messages, as glibc provides them. */
#ifndef _UPCLINT_ERR_H
#define _UPCLINT_ERR_H
#define _UPCLINT_NEED_VA_LIST
#include <bits/upclint_types.h>
extern void warn(const char *format, ...);
extern void vwarn(const char *format, va_list ap);
extern void warnx(const char *format, ...);
extern void vwarnx(const char *format, va_list ap);
extern void err(int status, const char *format, ...);
extern void verr(int status, const char *format, va_list ap);
extern void errx(int status, const char *format, ...);
extern void verrx(int status, const char *format, va_list ap);
#endif /* _UPCLINT_ERR_H */
