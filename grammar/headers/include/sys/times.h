/* <sys/times.h>: process times (POSIX). */
#ifndef _UPCLINT_SYS_TIMES_H
#define _UPCLINT_SYS_TIMES_H

#include <sys/types.h>

struct tms {
	clock_t tms_utime;
	clock_t tms_stime;
	clock_t tms_cutime;
	clock_t tms_cstime;
};

extern clock_t times(struct tms *buf);

#endif /* _UPCLINT_SYS_TIMES_H */
