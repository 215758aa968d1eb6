/* Types and NULL that several bundled headers declare, each defined once.
   This header is internal and has no include guard: a header defines
   _UPCLINT_NEED_<TYPE> for each type it declares, then includes it, as
   glibc's headers define __need_size_t before including <stddef.h>. Each
   type has its own guard, so one declared by two headers is defined once. */

#if defined(_UPCLINT_NEED_SIZE_T) && !defined(_UPCLINT_SIZE_T)
#define _UPCLINT_SIZE_T
typedef unsigned long size_t;
#endif
#if defined(_UPCLINT_NEED_SSIZE_T) && !defined(_UPCLINT_SSIZE_T)
#define _UPCLINT_SSIZE_T
typedef long ssize_t;
#endif
#if defined(_UPCLINT_NEED_PTRDIFF_T) && !defined(_UPCLINT_PTRDIFF_T)
#define _UPCLINT_PTRDIFF_T
typedef long ptrdiff_t;
#endif
#if defined(_UPCLINT_NEED_WCHAR_T) && !defined(_UPCLINT_WCHAR_T)
#define _UPCLINT_WCHAR_T
typedef int wchar_t;
#endif
#if defined(_UPCLINT_NEED_WINT_T) && !defined(_UPCLINT_WINT_T)
#define _UPCLINT_WINT_T
typedef unsigned int wint_t;
#endif
#if defined(_UPCLINT_NEED_VA_LIST) && !defined(_UPCLINT_VA_LIST)
#define _UPCLINT_VA_LIST
typedef __builtin_va_list va_list;
#endif
#if defined(_UPCLINT_NEED_FILE_T) && !defined(_UPCLINT_FILE_T)
#define _UPCLINT_FILE_T
typedef struct _upclint_FILE FILE;
#endif
#if defined(_UPCLINT_NEED_OFF_T) && !defined(_UPCLINT_OFF_T)
#define _UPCLINT_OFF_T
typedef long off_t;
#endif
#if defined(_UPCLINT_NEED_PID_T) && !defined(_UPCLINT_PID_T)
#define _UPCLINT_PID_T
typedef int pid_t;
#endif
#if defined(_UPCLINT_NEED_ID_TYPES) && !defined(_UPCLINT_ID_TYPES)
#define _UPCLINT_ID_TYPES
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef unsigned long dev_t;
typedef unsigned long ino_t;
typedef unsigned long nlink_t;
typedef long blksize_t;
typedef long blkcnt_t;
#endif
#if defined(_UPCLINT_NEED_USECONDS_T) && !defined(_UPCLINT_USECONDS_T)
#define _UPCLINT_USECONDS_T
typedef unsigned int useconds_t;
#endif
#if defined(_UPCLINT_NEED_SUSECONDS_T) && !defined(_UPCLINT_SUSECONDS_T)
#define _UPCLINT_SUSECONDS_T
typedef long suseconds_t;
#endif
#if defined(_UPCLINT_NEED_TIME_T) && !defined(_UPCLINT_TIME_T)
#define _UPCLINT_TIME_T
typedef long time_t;
#endif
#if defined(_UPCLINT_NEED_CLOCK_T) && !defined(_UPCLINT_CLOCK_T)
#define _UPCLINT_CLOCK_T
typedef long clock_t;
#endif
#if defined(_UPCLINT_NEED_TIMER_T) && !defined(_UPCLINT_TIMER_T)
#define _UPCLINT_TIMER_T
typedef void *timer_t;
#endif
#if defined(_UPCLINT_NEED_CLOCKID_T) && !defined(_UPCLINT_CLOCKID_T)
#define _UPCLINT_CLOCKID_T
typedef int clockid_t;
#endif
#if defined(_UPCLINT_NEED_STRUCT_TIMESPEC) && !defined(_UPCLINT_STRUCT_TIMESPEC)
#define _UPCLINT_STRUCT_TIMESPEC
struct timespec {
	time_t tv_sec;
	long tv_nsec;
};
#endif
#if defined(_UPCLINT_NEED_STRUCT_TIMEVAL) && !defined(_UPCLINT_STRUCT_TIMEVAL)
#define _UPCLINT_STRUCT_TIMEVAL
struct timeval {
	time_t tv_sec;
	suseconds_t tv_usec;
};
#endif
#if defined(_UPCLINT_NEED_SIGSET_T) && !defined(_UPCLINT_SIGSET_T)
#define _UPCLINT_SIGSET_T
typedef struct {
	unsigned long __val[16];
} sigset_t;
#endif
#if defined(_UPCLINT_NEED_INTN_T) && !defined(_UPCLINT_INTN_T)
#define _UPCLINT_INTN_T
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
#endif
#if defined(_UPCLINT_NEED_INTPTR_T) && !defined(_UPCLINT_INTPTR_T)
#define _UPCLINT_INTPTR_T
typedef long intptr_t;
#endif
#if defined(_UPCLINT_NEED_NULL) && !defined(NULL)
#define NULL ((void *)0)
#endif

#undef _UPCLINT_NEED_SIZE_T
#undef _UPCLINT_NEED_SSIZE_T
#undef _UPCLINT_NEED_PTRDIFF_T
#undef _UPCLINT_NEED_WCHAR_T
#undef _UPCLINT_NEED_WINT_T
#undef _UPCLINT_NEED_VA_LIST
#undef _UPCLINT_NEED_FILE_T
#undef _UPCLINT_NEED_OFF_T
#undef _UPCLINT_NEED_PID_T
#undef _UPCLINT_NEED_ID_TYPES
#undef _UPCLINT_NEED_USECONDS_T
#undef _UPCLINT_NEED_SUSECONDS_T
#undef _UPCLINT_NEED_TIME_T
#undef _UPCLINT_NEED_CLOCK_T
#undef _UPCLINT_NEED_CLOCKID_T
#undef _UPCLINT_NEED_TIMER_T
#undef _UPCLINT_NEED_STRUCT_TIMESPEC
#undef _UPCLINT_NEED_STRUCT_TIMEVAL
#undef _UPCLINT_NEED_SIGSET_T
#undef _UPCLINT_NEED_INTN_T
#undef _UPCLINT_NEED_INTPTR_T
#undef _UPCLINT_NEED_NULL
