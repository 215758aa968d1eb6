/* <stddef.h>: common definitions (C99 7.17), LP64 types as on x86-64 Linux. */
#ifndef _UPCLINT_STDDEF_H
#define _UPCLINT_STDDEF_H

#define _UPCLINT_NEED_SIZE_T
#define _UPCLINT_NEED_PTRDIFF_T
#define _UPCLINT_NEED_WCHAR_T
#define _UPCLINT_NEED_NULL
#include <bits/upclint_types.h>

#define offsetof(type, member) __builtin_offsetof(type, member)

#endif /* _UPCLINT_STDDEF_H */
