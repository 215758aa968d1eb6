/* <sys/types.h>: POSIX data types, as glibc defines them on x86-64. */
#ifndef _UPCLINT_SYS_TYPES_H
#define _UPCLINT_SYS_TYPES_H

#define _UPCLINT_NEED_SIZE_T
#define _UPCLINT_NEED_SSIZE_T
#define _UPCLINT_NEED_OFF_T
#define _UPCLINT_NEED_PID_T
#define _UPCLINT_NEED_ID_TYPES
#define _UPCLINT_NEED_USECONDS_T
#define _UPCLINT_NEED_SUSECONDS_T
#define _UPCLINT_NEED_TIME_T
#define _UPCLINT_NEED_CLOCK_T
#define _UPCLINT_NEED_CLOCKID_T
#define _UPCLINT_NEED_TIMER_T
#define _UPCLINT_NEED_INTN_T
#include <bits/upclint_types.h>

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

/* The exact-width types of <stdint.h> and their BSD unsigned names. */
typedef unsigned char u_int8_t;
typedef unsigned short u_int16_t;
typedef unsigned int u_int32_t;
typedef unsigned long u_int64_t;

typedef unsigned long fsblkcnt64_t;
typedef unsigned long fsfilcnt64_t;
typedef long blkcnt64_t;
typedef unsigned long ino64_t;
typedef long off64_t;
typedef struct { int __val[2]; } fsid_t;

/* As with glibc: fd_set and select, the byte order macros and the
   threads types. */
#include <sys/select.h>
#include <endian.h>
#include <bits/upclint_pthreadtypes.h>

#endif /* _UPCLINT_SYS_TYPES_H */
