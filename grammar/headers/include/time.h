/* <time.h>: date and time (C99 7.23) plus the POSIX clocks. Values are those
   of glibc on x86-64. */
#ifndef _UPCLINT_TIME_H
#define _UPCLINT_TIME_H

#define _UPCLINT_NEED_SIZE_T
#define _UPCLINT_NEED_PID_T
#define _UPCLINT_NEED_TIME_T
#define _UPCLINT_NEED_CLOCK_T
#define _UPCLINT_NEED_CLOCKID_T
#define _UPCLINT_NEED_TIMER_T
#define _UPCLINT_NEED_STRUCT_TIMESPEC
#define _UPCLINT_NEED_NULL
#include <bits/upclint_types.h>

struct tm {
	int tm_sec;
	int tm_min;
	int tm_hour;
	int tm_mday;
	int tm_mon;
	int tm_year;
	int tm_wday;
	int tm_yday;
	int tm_isdst;
	long tm_gmtoff;
	const char *tm_zone;
};

#define CLOCKS_PER_SEC ((clock_t)1000000)
#define TIME_UTC 1

#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_REALTIME_COARSE 5
#define CLOCK_MONOTONIC_COARSE 6
#define CLOCK_BOOTTIME 7
#define TIMER_ABSTIME 1

extern clock_t clock(void);
extern time_t time(time_t *t);
extern double difftime(time_t t1, time_t t0);
extern time_t mktime(struct tm *tm);
extern time_t timegm(struct tm *tm);
extern size_t strftime(char * restrict s, size_t max, const char * restrict format, const struct tm * restrict tm);
extern struct tm *gmtime(const time_t *t);
extern struct tm *localtime(const time_t *t);
extern struct tm *gmtime_r(const time_t * restrict t, struct tm * restrict tm);
extern struct tm *localtime_r(const time_t * restrict t, struct tm * restrict tm);
extern char *asctime(const struct tm *tm);
extern char *ctime(const time_t *t);
extern char *asctime_r(const struct tm * restrict tm, char * restrict buf);
extern char *ctime_r(const time_t * restrict t, char * restrict buf);
extern void tzset(void);
extern int nanosleep(const struct timespec *req, struct timespec *rem);
extern int clock_gettime(clockid_t clk, struct timespec *tp);
extern int clock_getres(clockid_t clk, struct timespec *res);
extern int clock_settime(clockid_t clk, const struct timespec *tp);
extern int clock_nanosleep(clockid_t clk, int flags, const struct timespec *req, struct timespec *rem);
extern int clock_getcpuclockid(pid_t pid, clockid_t *clk);
extern int timespec_get(struct timespec *ts, int base);

/* POSIX timers, the System V time zone variables and the other functions
   glibc declares by default. */
struct sigevent;
struct itimerspec {
	struct timespec it_interval;
	struct timespec it_value;
};
extern int timer_create(clockid_t clk, struct sigevent * restrict sevp, timer_t * restrict timerid);
extern int timer_delete(timer_t timerid);
extern int timer_settime(timer_t timerid, int flags, const struct itimerspec * restrict value, struct itimerspec * restrict ovalue);
extern int timer_gettime(timer_t timerid, struct itimerspec *value);
extern int timer_getoverrun(timer_t timerid);
extern char *tzname[2];
extern int daylight;
extern long timezone;
extern char *strptime(const char * restrict s, const char * restrict format, struct tm *tm);
extern time_t timelocal(struct tm *tm);
extern int dysize(int year);

#endif /* _UPCLINT_TIME_H */
