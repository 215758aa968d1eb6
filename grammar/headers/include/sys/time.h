/* <sys/time.h>: POSIX time of day and interval timers. */
#ifndef _UPCLINT_SYS_TIME_H
#define _UPCLINT_SYS_TIME_H

/* time_t, suseconds_t and struct timeval, and, as with glibc, fd_set and
   select. */
#include <sys/select.h>

struct timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

struct itimerval {
	struct timeval it_interval;
	struct timeval it_value;
};

#define ITIMER_REAL 0
#define ITIMER_VIRTUAL 1
#define ITIMER_PROF 2

extern int gettimeofday(struct timeval * restrict tv, void * restrict tz);
extern int settimeofday(const struct timeval *tv, const struct timezone *tz);
extern int getitimer(int which, struct itimerval *value);
extern int setitimer(int which, const struct itimerval * restrict value, struct itimerval * restrict ovalue);
extern int utimes(const char *path, const struct timeval times[2]);
extern int lutimes(const char *path, const struct timeval tv[2]);
extern int futimes(int fd, const struct timeval tv[2]);
extern int adjtime(const struct timeval *delta, struct timeval *olddelta);

#define TIMEVAL_TO_TIMESPEC(tv, ts) \
	do { (ts)->tv_sec = (tv)->tv_sec; (ts)->tv_nsec = (tv)->tv_usec * 1000; } while (0)
#define TIMESPEC_TO_TIMEVAL(tv, ts) \
	do { (tv)->tv_sec = (ts)->tv_sec; (tv)->tv_usec = (ts)->tv_nsec / 1000; } while (0)

#define timerisset(tvp) ((tvp)->tv_sec || (tvp)->tv_usec)
#define timerclear(tvp) ((tvp)->tv_sec = (tvp)->tv_usec = 0)
#define timercmp(a, b, CMP) \
	(((a)->tv_sec == (b)->tv_sec) ? ((a)->tv_usec CMP (b)->tv_usec) : ((a)->tv_sec CMP (b)->tv_sec))
#define timeradd(a, b, result) \
	do { \
		(result)->tv_sec = (a)->tv_sec + (b)->tv_sec; \
		(result)->tv_usec = (a)->tv_usec + (b)->tv_usec; \
		if ((result)->tv_usec >= 1000000) { \
			++(result)->tv_sec; \
			(result)->tv_usec -= 1000000; \
		} \
	} while (0)
#define timersub(a, b, result) \
	do { \
		(result)->tv_sec = (a)->tv_sec - (b)->tv_sec; \
		(result)->tv_usec = (a)->tv_usec - (b)->tv_usec; \
		if ((result)->tv_usec < 0) { \
			--(result)->tv_sec; \
			(result)->tv_usec += 1000000; \
		} \
	} while (0)

#endif /* _UPCLINT_SYS_TIME_H */
