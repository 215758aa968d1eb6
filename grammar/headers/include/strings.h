/* <strings.h>: POSIX string operations. */
#ifndef _UPCLINT_STRINGS_H
#define _UPCLINT_STRINGS_H

#define _UPCLINT_NEED_SIZE_T
#include <bits/upclint_types.h>

extern int strcasecmp(const char *s1, const char *s2);
extern int strncasecmp(const char *s1, const char *s2, size_t n);
extern int bcmp(const void *s1, const void *s2, size_t n);
extern void bcopy(const void *src, void *dest, size_t n);
extern void bzero(void *s, size_t n);
extern char *index(const char *s, int c);
extern char *rindex(const char *s, int c);
extern int ffs(int i);
extern int ffsl(long i);
extern int ffsll(long long i);

#endif /* _UPCLINT_STRINGS_H */
