/* <sys/resource.h>: resource usage and limits (POSIX), with the Linux
   values and the glibc x86-64 layout of struct rusage. */
#ifndef _UPCLINT_SYS_RESOURCE_H
#define _UPCLINT_SYS_RESOURCE_H

#define _UPCLINT_NEED_SUSECONDS_T
#define _UPCLINT_NEED_TIME_T
#define _UPCLINT_NEED_STRUCT_TIMEVAL
#include <bits/upclint_types.h>

typedef unsigned long rlim_t;

struct rlimit {
	rlim_t rlim_cur;
	rlim_t rlim_max;
};

struct rusage {
	struct timeval ru_utime;
	struct timeval ru_stime;
	long ru_maxrss;
	long ru_ixrss;
	long ru_idrss;
	long ru_isrss;
	long ru_minflt;
	long ru_majflt;
	long ru_nswap;
	long ru_inblock;
	long ru_oublock;
	long ru_msgsnd;
	long ru_msgrcv;
	long ru_nsignals;
	long ru_nvcsw;
	long ru_nivcsw;
};

#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)

#define RLIMIT_CPU 0
#define RLIMIT_FSIZE 1
#define RLIMIT_DATA 2
#define RLIMIT_STACK 3
#define RLIMIT_CORE 4
#define RLIMIT_NOFILE 7
#define RLIMIT_AS 9
#define RLIMIT_RSS 5
#define RLIMIT_NPROC 6
#define RLIMIT_MEMLOCK 8
#define RLIMIT_LOCKS 10
#define RLIMIT_SIGPENDING 11
#define RLIMIT_MSGQUEUE 12
#define RLIMIT_NICE 13
#define RLIMIT_RTPRIO 14
#define RLIMIT_RTTIME 15
#define RLIMIT_NLIMITS 16
#define RLIM_NLIMITS RLIMIT_NLIMITS
#define RLIMIT_OFILE RLIMIT_NOFILE
#define RUSAGE_THREAD 1
#define RUSAGE_LWP RUSAGE_THREAD
#define PRIO_MIN (-20)
#define PRIO_MAX 20
#define RLIM_INFINITY ((rlim_t)-1)

#define PRIO_PROCESS 0
#define PRIO_PGRP 1
#define PRIO_USER 2

extern int getrusage(int who, struct rusage *usage);
extern int getrlimit(int resource, struct rlimit *rlim);
extern int setrlimit(int resource, const struct rlimit *rlim);
extern int getpriority(int which, unsigned int who);
extern int setpriority(int which, unsigned int who, int prio);

#endif /* _UPCLINT_SYS_RESOURCE_H */
