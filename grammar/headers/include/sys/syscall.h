/* <sys/syscall.h>: Linux system call numbers for syscall(2), x86-64
   values; the ones programs call directly (thread ids, CPU and memory
   placement, futexes, performance counters). */
#ifndef _UPCLINT_SYS_SYSCALL_H
#define _UPCLINT_SYS_SYSCALL_H
#define __NR_getpid 39
#define __NR_gettimeofday 96
#define __NR_gettid 186
#define __NR_futex 202
#define __NR_sched_setaffinity 203
#define __NR_sched_getaffinity 204
#define __NR_clock_gettime 228
#define __NR_tgkill 234
#define __NR_mbind 237
#define __NR_set_mempolicy 238
#define __NR_get_mempolicy 239
#define __NR_move_pages 279
#define __NR_perf_event_open 298
#define __NR_getcpu 309
#define SYS_getpid __NR_getpid
#define SYS_gettimeofday __NR_gettimeofday
#define SYS_gettid __NR_gettid
#define SYS_futex __NR_futex
#define SYS_sched_setaffinity __NR_sched_setaffinity
#define SYS_sched_getaffinity __NR_sched_getaffinity
#define SYS_clock_gettime __NR_clock_gettime
#define SYS_tgkill __NR_tgkill
#define SYS_mbind __NR_mbind
#define SYS_set_mempolicy __NR_set_mempolicy
#define SYS_get_mempolicy __NR_get_mempolicy
#define SYS_move_pages __NR_move_pages
#define SYS_perf_event_open __NR_perf_event_open
#define SYS_getcpu __NR_getcpu
#endif /* _UPCLINT_SYS_SYSCALL_H */
