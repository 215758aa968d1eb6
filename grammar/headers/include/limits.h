/* <limits.h>: sizes of integer types (C99 7.10 and 5.2.4.2.1) plus the
   POSIX limits programs commonly use. Values are those of glibc on x86-64. */
#ifndef _UPCLINT_LIMITS_H
#define _UPCLINT_LIMITS_H

#define CHAR_BIT 8
#define MB_LEN_MAX 16

#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX

#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535

#define INT_MIN (-INT_MAX - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U

#define LONG_MAX 9223372036854775807L
#define LONG_MIN (-LONG_MAX - 1L)
#define ULONG_MAX 18446744073709551615UL

#define LLONG_MAX 9223372036854775807LL
#define LLONG_MIN (-LLONG_MAX - 1LL)
#define ULLONG_MAX 18446744073709551615ULL

/* POSIX */
#define SSIZE_MAX LONG_MAX
#define PATH_MAX 4096
#define NAME_MAX 255
#define PIPE_BUF 4096
#define HOST_NAME_MAX 64
#define LINE_MAX 2048
#define NGROUPS_MAX 65536
#define IOV_MAX 1024

#endif /* _UPCLINT_LIMITS_H */
