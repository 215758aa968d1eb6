/* <glob.h>: path name pattern expansion (POSIX), with glibc's flags and
   its glob_t as programs compiled without _GNU_SOURCE see it. */
#ifndef _UPCLINT_GLOB_H
#define _UPCLINT_GLOB_H

#define _UPCLINT_NEED_SIZE_T
#include <bits/upclint_types.h>

#define GLOB_ERR (1 << 0)
#define GLOB_MARK (1 << 1)
#define GLOB_NOSORT (1 << 2)
#define GLOB_DOOFFS (1 << 3)
#define GLOB_NOCHECK (1 << 4)
#define GLOB_APPEND (1 << 5)
#define GLOB_NOESCAPE (1 << 6)
#define GLOB_PERIOD (1 << 7)
#define GLOB_MAGCHAR (1 << 8)
#define GLOB_ALTDIRFUNC (1 << 9)
#define GLOB_BRACE (1 << 10)
#define GLOB_NOMAGIC (1 << 11)
#define GLOB_TILDE (1 << 12)
#define GLOB_ONLYDIR (1 << 13)
#define GLOB_TILDE_CHECK (1 << 14)

/* Errors. */
#define GLOB_NOSPACE 1
#define GLOB_ABORTED 2
#define GLOB_NOMATCH 3
#define GLOB_NOSYS 4
#define GLOB_ABEND GLOB_ABORTED

typedef struct {
	size_t gl_pathc;
	char **gl_pathv;
	size_t gl_offs;
	int gl_flags;
	void (*gl_closedir)(void *);
	void *(*gl_readdir)(void *);
	void *(*gl_opendir)(const char *);
	int (*gl_lstat)(const char * restrict, void * restrict);
	int (*gl_stat)(const char * restrict, void * restrict);
} glob_t;

extern int glob(const char * restrict pattern, int flags, int (*errfunc)(const char *, int), glob_t * restrict pglob);
extern void globfree(glob_t *pglob);

#endif /* _UPCLINT_GLOB_H */
