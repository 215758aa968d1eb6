/* <regex.h>: regular expressions (POSIX), with glibc's values and the
   x86-64 size of regex_t (its members other than re_nsub are private). */
#ifndef _UPCLINT_REGEX_H
#define _UPCLINT_REGEX_H

#define _UPCLINT_NEED_SIZE_T
#include <bits/upclint_types.h>

typedef int regoff_t;

typedef struct {
	void *__buffer;
	size_t __allocated;
	size_t __used;
	unsigned long __syntax;
	char *__fastmap;
	unsigned char *__translate;
	size_t re_nsub;
	unsigned int __flags;
} regex_t;

typedef struct {
	regoff_t rm_so;
	regoff_t rm_eo;
} regmatch_t;

/* Flags of regcomp and regexec. */
#define REG_EXTENDED 1
#define REG_ICASE (1 << 1)
#define REG_NEWLINE (1 << 2)
#define REG_NOSUB (1 << 3)
#define REG_NOTBOL 1
#define REG_NOTEOL (1 << 1)
#define REG_STARTEND (1 << 2)

/* Errors (enumeration constants, as in glibc). */
typedef enum {
	REG_ENOSYS = -1,
	REG_NOERROR = 0,
	REG_NOMATCH,
	REG_BADPAT,
	REG_ECOLLATE,
	REG_ECTYPE,
	REG_EESCAPE,
	REG_ESUBREG,
	REG_EBRACK,
	REG_EPAREN,
	REG_EBRACE,
	REG_BADBR,
	REG_ERANGE,
	REG_ESPACE,
	REG_BADRPT,
	REG_EEND,
	REG_ESIZE,
	REG_ERPAREN
} reg_errcode_t;

extern int regcomp(regex_t * restrict preg, const char * restrict pattern, int cflags);
extern int regexec(const regex_t * restrict preg, const char * restrict string, size_t nmatch, regmatch_t pmatch[restrict], int eflags);
extern size_t regerror(int errcode, const regex_t * restrict preg, char * restrict errbuf, size_t errbuf_size);
extern void regfree(regex_t *preg);

#endif /* _UPCLINT_REGEX_H */
