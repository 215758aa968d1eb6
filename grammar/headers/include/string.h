/* <string.h>: string handling (C99 7.21) plus common POSIX additions. */
#ifndef _UPCLINT_STRING_H
#define _UPCLINT_STRING_H

#define _UPCLINT_NEED_SIZE_T
#define _UPCLINT_NEED_NULL
#include <bits/upclint_types.h>

extern void *memcpy(void * restrict dest, const void * restrict src, size_t n);
extern void *memmove(void *dest, const void *src, size_t n);
extern void *memset(void *s, int c, size_t n);
extern int memcmp(const void *s1, const void *s2, size_t n);
extern void *memchr(const void *s, int c, size_t n);
extern void *memccpy(void * restrict dest, const void * restrict src, int c, size_t n);

extern char *strcpy(char * restrict dest, const char * restrict src);
extern char *strncpy(char * restrict dest, const char * restrict src, size_t n);
extern char *stpcpy(char * restrict dest, const char * restrict src);
extern char *stpncpy(char * restrict dest, const char * restrict src, size_t n);
extern char *strcat(char * restrict dest, const char * restrict src);
extern char *strncat(char * restrict dest, const char * restrict src, size_t n);
extern int strcmp(const char *s1, const char *s2);
extern int strncmp(const char *s1, const char *s2, size_t n);
extern int strcoll(const char *s1, const char *s2);
extern size_t strxfrm(char * restrict dest, const char * restrict src, size_t n);
extern char *strdup(const char *s);
extern char *strndup(const char *s, size_t n);

extern char *strchr(const char *s, int c);
extern char *strrchr(const char *s, int c);
extern char *strstr(const char *haystack, const char *needle);
extern size_t strspn(const char *s, const char *accept);
extern size_t strcspn(const char *s, const char *reject);
extern char *strpbrk(const char *s, const char *accept);
extern char *strtok(char * restrict s, const char * restrict delim);
extern char *strtok_r(char * restrict s, const char * restrict delim, char ** restrict saveptr);
extern char *strsep(char ** restrict stringp, const char * restrict delim);

extern size_t strlen(const char *s);
extern size_t strnlen(const char *s, size_t maxlen);
extern char *strerror(int errnum);
extern int strerror_r(int errnum, char *buf, size_t buflen);
extern char *strsignal(int sig);

/* glibc's <string.h> includes <strings.h> (bzero, bcopy, index,
   strcasecmp ...), and old programs use them with only <string.h>. */
#include <strings.h>

/* GNU extensions. */
extern void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);
extern void *memrchr(const void *s, int c, size_t n);
extern void *mempcpy(void * restrict dst, const void * restrict src, size_t n);
extern char *strcasestr(const char *haystack, const char *needle);
extern char *strchrnul(const char *s, int c);
extern void *rawmemchr(const void *s, int c);
extern int strverscmp(const char *s1, const char *s2);
extern char *strfry(char *string);
extern void *memfrob(void *s, size_t n);
extern void explicit_bzero(void *s, size_t n);

#endif /* _UPCLINT_STRING_H */
