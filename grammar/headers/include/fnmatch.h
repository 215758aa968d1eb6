/* <fnmatch.h>: file name pattern matching (POSIX), with glibc's flags. */
#ifndef _UPCLINT_FNMATCH_H
#define _UPCLINT_FNMATCH_H

#define FNM_PATHNAME (1 << 0)
#define FNM_NOESCAPE (1 << 1)
#define FNM_PERIOD (1 << 2)
#define FNM_FILE_NAME FNM_PATHNAME
#define FNM_LEADING_DIR (1 << 3)
#define FNM_CASEFOLD (1 << 4)
#define FNM_EXTMATCH (1 << 5)
#define FNM_NOMATCH 1

extern int fnmatch(const char *pattern, const char *name, int flags);

#endif /* _UPCLINT_FNMATCH_H */
