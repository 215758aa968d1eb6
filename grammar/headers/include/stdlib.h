/* <stdlib.h>: general utilities (C99 7.20) plus common POSIX additions.
   Values are those of glibc on x86-64. */
#ifndef _UPCLINT_STDLIB_H
#define _UPCLINT_STDLIB_H

#define _UPCLINT_NEED_SIZE_T
#define _UPCLINT_NEED_WCHAR_T
#define _UPCLINT_NEED_NULL
#include <bits/upclint_types.h>
/* glibc's <stdlib.h> makes <sys/types.h> (int64_t, pid_t, off_t, ...),
   alloca and the wait status macros visible; programs rely on it. */
#include <sys/types.h>
#include <alloca.h>
#include <bits/upclint_wait.h>

typedef struct {
	int quot;
	int rem;
} div_t;

typedef struct {
	long quot;
	long rem;
} ldiv_t;

typedef struct {
	long long quot;
	long long rem;
} lldiv_t;

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647

extern size_t __ctype_get_mb_cur_max(void);
#define MB_CUR_MAX (__ctype_get_mb_cur_max())

/* Memory. */
extern void *malloc(size_t size);
extern void *calloc(size_t nmemb, size_t size);
extern void *realloc(void *ptr, size_t size);
extern void free(void *ptr);
extern void *aligned_alloc(size_t alignment, size_t size);
extern int posix_memalign(void **memptr, size_t alignment, size_t size);
extern void *valloc(size_t size);

/* Program termination and environment. */
extern void abort(void);
extern void exit(int status);
extern void _Exit(int status);
extern int atexit(void (*func)(void));
extern char *getenv(const char *name);
extern int setenv(const char *name, const char *value, int overwrite);
extern int unsetenv(const char *name);
extern int putenv(char *string);
extern int system(const char *command);

/* Conversions. */
extern int atoi(const char *s);
extern long atol(const char *s);
extern long long atoll(const char *s);
extern double atof(const char *s);
extern long strtol(const char * restrict s, char ** restrict end, int base);
extern unsigned long strtoul(const char * restrict s, char ** restrict end, int base);
extern long long strtoll(const char * restrict s, char ** restrict end, int base);
extern unsigned long long strtoull(const char * restrict s, char ** restrict end, int base);
extern double strtod(const char * restrict s, char ** restrict end);
extern float strtof(const char * restrict s, char ** restrict end);
extern long double strtold(const char * restrict s, char ** restrict end);

/* Pseudo-random numbers. */
extern int rand(void);
extern void srand(unsigned int seed);
extern int rand_r(unsigned int *seedp);
extern long random(void);
extern void srandom(unsigned int seed);
extern double drand48(void);
extern double erand48(unsigned short xsubi[3]);
extern long lrand48(void);
extern long nrand48(unsigned short xsubi[3]);
extern long mrand48(void);
extern long jrand48(unsigned short xsubi[3]);
extern void srand48(long seedval);
extern unsigned short *seed48(unsigned short seed16v[3]);

/* Searching and sorting. */
extern void qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *));
extern void *bsearch(const void *key, const void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *));

/* Integer arithmetic. */
extern int abs(int j);
extern long labs(long j);
extern long long llabs(long long j);
extern div_t div(int numer, int denom);
extern ldiv_t ldiv(long numer, long denom);
extern lldiv_t lldiv(long long numer, long long denom);

/* Multibyte characters. */
extern int mblen(const char *s, size_t n);
extern int mbtowc(wchar_t * restrict pwc, const char * restrict s, size_t n);
extern int wctomb(char *s, wchar_t wc);
extern size_t mbstowcs(wchar_t * restrict dest, const char * restrict src, size_t n);
extern size_t wcstombs(char * restrict dest, const wchar_t * restrict src, size_t n);

/* Files. */
extern int mkstemp(char *template_name);
extern char *mkdtemp(char *template_name);
extern char *realpath(const char * restrict path, char * restrict resolved);
extern char *mktemp(char *template_name);

/* Other BSD and System V functions glibc declares. */
extern char *initstate(unsigned int seed, char *state, size_t n);
extern char *setstate(char *state);
extern char *gcvt(double value, int ndigit, char *buf);
extern int getloadavg(double loadavg[], int nelem);
extern int on_exit(void (*func)(int status, void *arg), void *arg);
extern int at_quick_exit(void (*func)(void));
extern void quick_exit(int status);
extern int mkostemp(char *template_name, int flags);
extern int mkstemps(char *template_name, int suffixlen);
extern int mkostemps(char *template_name, int suffixlen, int flags);
extern void qsort_r(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *, void *), void *arg);
extern void *reallocarray(void *ptr, size_t nmemb, size_t size);
extern char *secure_getenv(const char *name);
extern int clearenv(void);
extern int getsubopt(char ** restrict optionp, char * const * restrict tokens, char ** restrict valuep);
extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern char *ptsname(int fd);
extern int ptsname_r(int fd, char *buf, size_t buflen);
extern int getpt(void);
extern char *canonicalize_file_name(const char *name);
extern long a64l(const char *s);
extern char *l64a(long n);
extern char *ecvt(double value, int ndigit, int * restrict decpt, int * restrict sign);
extern char *fcvt(double value, int ndigit, int * restrict decpt, int * restrict sign);
extern void lcong48(unsigned short param[7]);
extern int rpmatch(const char *response);
extern int strfromd(char * restrict str, size_t n, const char * restrict format, double fp);
extern int strfromf(char * restrict str, size_t n, const char * restrict format, float fp);
extern int strfroml(char * restrict str, size_t n, const char * restrict format, long double fp);
extern long long strtoq(const char * restrict s, char ** restrict end, int base);
extern unsigned long long strtouq(const char * restrict s, char ** restrict end, int base);
typedef int (*comparison_fn_t)(const void *, const void *);

#endif /* _UPCLINT_STDLIB_H */
