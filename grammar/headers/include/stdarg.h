/* <stdarg.h>: variable arguments (C99 7.15). The front end knows the
   __builtin_va_* names; __builtin_va_arg takes a type name. */
#ifndef _UPCLINT_STDARG_H
#define _UPCLINT_STDARG_H

#define _UPCLINT_NEED_VA_LIST
#include <bits/upclint_types.h>

#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_end(ap) __builtin_va_end(ap)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_copy(dest, src) __builtin_va_copy(dest, src)

#endif /* _UPCLINT_STDARG_H */
