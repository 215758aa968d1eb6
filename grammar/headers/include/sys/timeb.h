/* <sys/timeb.h>: the old ftime interface, with the glibc x86-64 layout
   of struct timeb. */
#ifndef _UPCLINT_SYS_TIMEB_H
#define _UPCLINT_SYS_TIMEB_H
#define _UPCLINT_NEED_TIME_T
#include <bits/upclint_types.h>
struct timeb {
	time_t time;
	unsigned short millitm;
	short timezone;
	short dstflag;
};
extern int ftime(struct timeb *tp);
#endif /* _UPCLINT_SYS_TIMEB_H */
