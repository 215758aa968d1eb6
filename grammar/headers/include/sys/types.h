/* <sys/types.h>: POSIX data types, as glibc defines them on x86-64. */
#ifndef _UPCLINT_SYS_TYPES_H
#define _UPCLINT_SYS_TYPES_H

#ifndef _UPCLINT_SIZE_T
#define _UPCLINT_SIZE_T
typedef unsigned long size_t;
#endif
#ifndef _UPCLINT_SSIZE_T
#define _UPCLINT_SSIZE_T
typedef long ssize_t;
#endif
#ifndef _UPCLINT_OFF_T
#define _UPCLINT_OFF_T
typedef long off_t;
#endif
#ifndef _UPCLINT_PID_T
#define _UPCLINT_PID_T
typedef int pid_t;
#endif
#ifndef _UPCLINT_ID_TYPES
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
#ifndef _UPCLINT_TIME_T
#define _UPCLINT_TIME_T
typedef long time_t;
#endif
#ifndef _UPCLINT_CLOCK_T
#define _UPCLINT_CLOCK_T
typedef long clock_t;
#endif
#ifndef _UPCLINT_CLOCKID_T
#define _UPCLINT_CLOCKID_T
typedef int clockid_t;
#endif
#ifndef _UPCLINT_SUSECONDS_T
#define _UPCLINT_SUSECONDS_T
typedef long suseconds_t;
#endif
#ifndef _UPCLINT_USECONDS_T
#define _UPCLINT_USECONDS_T
typedef unsigned int useconds_t;
#endif

typedef unsigned int id_t;
typedef int key_t;
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef long quad_t;
typedef unsigned long u_quad_t;
typedef long loff_t;
typedef char *caddr_t;
typedef int daddr_t;
typedef long register_t;
typedef unsigned long fsblkcnt_t;
typedef unsigned long fsfilcnt_t;
typedef void *timer_t;

/* The exact-width types of <stdint.h> and their BSD unsigned names. */
#ifndef _UPCLINT_INTN_T
#define _UPCLINT_INTN_T
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
#endif
typedef unsigned char u_int8_t;
typedef unsigned short u_int16_t;
typedef unsigned int u_int32_t;
typedef unsigned long u_int64_t;

/* As with glibc, fd_set and select. */
#include <sys/select.h>

#endif /* _UPCLINT_SYS_TYPES_H */
