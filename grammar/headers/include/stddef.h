/* <stddef.h>: common definitions (C99 7.17), LP64 types as on x86-64 Linux. */
#ifndef _UPCLINT_STDDEF_H
#define _UPCLINT_STDDEF_H

#define _UPCLINT_NEED_SIZE_T
#define _UPCLINT_NEED_PTRDIFF_T
#define _UPCLINT_NEED_WCHAR_T
#define _UPCLINT_NEED_NULL
#include <bits/upclint_types.h>

#define offsetof(type, member) __builtin_offsetof(type, member)

/* C11: a type as aligned as any scalar type (16 bytes on x86-64, as the
   long double member makes it). */
typedef struct {
	long long __max_align_ll;
	long double __max_align_ld;
} max_align_t;

#endif /* _UPCLINT_STDDEF_H */
