/* <wchar.h>: wide characters (C99 7.24), with the glibc x86-64 types. */
#ifndef _UPCLINT_WCHAR_H
#define _UPCLINT_WCHAR_H

#define _UPCLINT_NEED_SIZE_T
#define _UPCLINT_NEED_WCHAR_T
#define _UPCLINT_NEED_WINT_T
#define _UPCLINT_NEED_VA_LIST
#define _UPCLINT_NEED_FILE_T
#define _UPCLINT_NEED_NULL
#include <bits/upclint_types.h>

struct tm;

typedef struct {
	int __count;
	union {
		unsigned int __wch;
		char __wchb[4];
	} __value;
} mbstate_t;

#define WCHAR_MIN (-2147483647 - 1)
#define WCHAR_MAX 2147483647
#define WEOF (0xffffffffu)

extern size_t wcslen(const wchar_t *s);
extern wchar_t *wcscpy(wchar_t * restrict dst, const wchar_t * restrict src);
extern wchar_t *wcsncpy(wchar_t * restrict dst, const wchar_t * restrict src, size_t n);
extern wchar_t *wcscat(wchar_t * restrict dst, const wchar_t * restrict src);
extern wchar_t *wcsncat(wchar_t * restrict dst, const wchar_t * restrict src, size_t n);
extern int wcscmp(const wchar_t *s1, const wchar_t *s2);
extern int wcsncmp(const wchar_t *s1, const wchar_t *s2, size_t n);
extern int wcscoll(const wchar_t *s1, const wchar_t *s2);
extern wchar_t *wcschr(const wchar_t *s, wchar_t c);
extern wchar_t *wcsrchr(const wchar_t *s, wchar_t c);
extern wchar_t *wcsstr(const wchar_t * restrict s, const wchar_t * restrict sub);
extern wchar_t *wcstok(wchar_t * restrict s, const wchar_t * restrict delim, wchar_t ** restrict save);
extern size_t wcsspn(const wchar_t *s, const wchar_t *accept);
extern size_t wcscspn(const wchar_t *s, const wchar_t *reject);
extern wchar_t *wmemcpy(wchar_t * restrict dst, const wchar_t * restrict src, size_t n);
extern wchar_t *wmemmove(wchar_t *dst, const wchar_t *src, size_t n);
extern wchar_t *wmemset(wchar_t *s, wchar_t c, size_t n);
extern int wmemcmp(const wchar_t *s1, const wchar_t *s2, size_t n);
extern wchar_t *wmemchr(const wchar_t *s, wchar_t c, size_t n);
extern long wcstol(const wchar_t * restrict s, wchar_t ** restrict end, int base);
extern unsigned long wcstoul(const wchar_t * restrict s, wchar_t ** restrict end, int base);
extern long long wcstoll(const wchar_t * restrict s, wchar_t ** restrict end, int base);
extern double wcstod(const wchar_t * restrict s, wchar_t ** restrict end);
extern float wcstof(const wchar_t * restrict s, wchar_t ** restrict end);
extern wint_t btowc(int c);
extern int wctob(wint_t c);
extern int mbsinit(const mbstate_t *ps);
extern size_t mbrlen(const char * restrict s, size_t n, mbstate_t * restrict ps);
extern size_t mbrtowc(wchar_t * restrict pwc, const char * restrict s, size_t n, mbstate_t * restrict ps);
extern size_t wcrtomb(char * restrict s, wchar_t wc, mbstate_t * restrict ps);
extern size_t mbsrtowcs(wchar_t * restrict dst, const char ** restrict src, size_t n, mbstate_t * restrict ps);
extern size_t wcsrtombs(char * restrict dst, const wchar_t ** restrict src, size_t n, mbstate_t * restrict ps);
extern wint_t fgetwc(FILE *stream);
extern wint_t getwc(FILE *stream);
extern wint_t getwchar(void);
extern wint_t fputwc(wchar_t c, FILE *stream);
extern wint_t putwc(wchar_t c, FILE *stream);
extern wint_t putwchar(wchar_t c);
extern wint_t ungetwc(wint_t c, FILE *stream);
extern wchar_t *fgetws(wchar_t * restrict s, int n, FILE * restrict stream);
extern int fputws(const wchar_t * restrict s, FILE * restrict stream);
extern int fwide(FILE *stream, int mode);
extern int fwprintf(FILE * restrict stream, const wchar_t * restrict format, ...);
extern int wprintf(const wchar_t * restrict format, ...);
extern int swprintf(wchar_t * restrict s, size_t n, const wchar_t * restrict format, ...);
extern int vfwprintf(FILE * restrict stream, const wchar_t * restrict format, va_list ap);
extern int vwprintf(const wchar_t * restrict format, va_list ap);
extern int vswprintf(wchar_t * restrict s, size_t n, const wchar_t * restrict format, va_list ap);
extern int fwscanf(FILE * restrict stream, const wchar_t * restrict format, ...);
extern int wscanf(const wchar_t * restrict format, ...);
extern int swscanf(const wchar_t * restrict s, const wchar_t * restrict format, ...);
extern size_t wcsftime(wchar_t * restrict s, size_t max, const wchar_t * restrict format, const struct tm * restrict tm);
extern int wcwidth(wchar_t c);
extern int wcswidth(const wchar_t *s, size_t n);

#endif /* _UPCLINT_WCHAR_H */
