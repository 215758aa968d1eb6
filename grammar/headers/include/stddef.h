/* <stddef.h>: common definitions (C99 7.17), LP64 types as on x86-64 Linux. */
#ifndef _UPCLINT_STDDEF_H
#define _UPCLINT_STDDEF_H

#ifndef _UPCLINT_SIZE_T
#define _UPCLINT_SIZE_T
typedef unsigned long size_t;
#endif
#ifndef _UPCLINT_PTRDIFF_T
#define _UPCLINT_PTRDIFF_T
typedef long ptrdiff_t;
#endif
#ifndef _UPCLINT_WCHAR_T
#define _UPCLINT_WCHAR_T
typedef int wchar_t;
#endif

#ifndef NULL
#define NULL ((void *)0)
#endif

#define offsetof(type, member) __builtin_offsetof(type, member)

#endif /* _UPCLINT_STDDEF_H */
