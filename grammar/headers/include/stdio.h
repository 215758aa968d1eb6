/* <stdio.h>: input/output (C99 7.19) plus the POSIX functions UPC programs
   use. FILE is opaque. Values are those of glibc on x86-64. */
#ifndef _UPCLINT_STDIO_H
#define _UPCLINT_STDIO_H

#define _UPCLINT_NEED_SIZE_T
#define _UPCLINT_NEED_SSIZE_T
#define _UPCLINT_NEED_VA_LIST
#define _UPCLINT_NEED_FILE_T
#define _UPCLINT_NEED_OFF_T
#define _UPCLINT_NEED_NULL
#include <bits/upclint_types.h>

typedef struct {
	long __pos;
	int __state[2];
} fpos_t;

#define EOF (-1)
#define BUFSIZ 8192
#define FILENAME_MAX 4096
#define FOPEN_MAX 16
#define L_tmpnam 20
#define TMP_MAX 238328
#define L_ctermid 9
#define P_tmpdir "/tmp"

#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;

/* Files. */
extern FILE *fopen(const char * restrict path, const char * restrict mode);
extern FILE *freopen(const char * restrict path, const char * restrict mode, FILE * restrict stream);
extern FILE *fdopen(int fd, const char *mode);
extern FILE *fmemopen(void *buf, size_t size, const char *mode);
extern FILE *tmpfile(void);
extern char *tmpnam(char *s);
extern FILE *popen(const char *command, const char *mode);
extern int pclose(FILE *stream);
extern int fclose(FILE *stream);
extern int fflush(FILE *stream);
extern void setbuf(FILE * restrict stream, char * restrict buf);
extern int setvbuf(FILE * restrict stream, char * restrict buf, int mode, size_t size);
extern int remove(const char *path);
extern int rename(const char *oldpath, const char *newpath);
extern int fileno(FILE *stream);

/* Formatted output. */
extern int printf(const char * restrict format, ...);
extern int fprintf(FILE * restrict stream, const char * restrict format, ...);
extern int sprintf(char * restrict s, const char * restrict format, ...);
extern int snprintf(char * restrict s, size_t n, const char * restrict format, ...);
extern int dprintf(int fd, const char * restrict format, ...);
extern int asprintf(char ** restrict strp, const char * restrict format, ...);
extern int vprintf(const char * restrict format, va_list ap);
extern int vfprintf(FILE * restrict stream, const char * restrict format, va_list ap);
extern int vsprintf(char * restrict s, const char * restrict format, va_list ap);
extern int vsnprintf(char * restrict s, size_t n, const char * restrict format, va_list ap);
extern int vdprintf(int fd, const char * restrict format, va_list ap);
extern int vasprintf(char ** restrict strp, const char * restrict format, va_list ap);

/* Formatted input. */
extern int scanf(const char * restrict format, ...);
extern int fscanf(FILE * restrict stream, const char * restrict format, ...);
extern int sscanf(const char * restrict s, const char * restrict format, ...);
extern int vscanf(const char * restrict format, va_list ap);
extern int vfscanf(FILE * restrict stream, const char * restrict format, va_list ap);
extern int vsscanf(const char * restrict s, const char * restrict format, va_list ap);

/* Characters and lines. */
extern int fgetc(FILE *stream);
extern int getc(FILE *stream);
extern int getchar(void);
extern int fputc(int c, FILE *stream);
extern int putc(int c, FILE *stream);
extern int putchar(int c);
extern int ungetc(int c, FILE *stream);
extern char *fgets(char * restrict s, int n, FILE * restrict stream);
extern int fputs(const char * restrict s, FILE * restrict stream);
extern int puts(const char *s);
extern ssize_t getline(char ** restrict lineptr, size_t * restrict n, FILE * restrict stream);
extern ssize_t getdelim(char ** restrict lineptr, size_t * restrict n, int delim, FILE * restrict stream);

/* Direct input/output and positioning. */
extern size_t fread(void * restrict ptr, size_t size, size_t nmemb, FILE * restrict stream);
extern size_t fwrite(const void * restrict ptr, size_t size, size_t nmemb, FILE * restrict stream);
extern int fseek(FILE *stream, long offset, int whence);
extern long ftell(FILE *stream);
extern int fseeko(FILE *stream, off_t offset, int whence);
extern off_t ftello(FILE *stream);
extern void rewind(FILE *stream);
extern int fgetpos(FILE * restrict stream, fpos_t * restrict pos);
extern int fsetpos(FILE *stream, const fpos_t *pos);

/* Errors. */
extern void clearerr(FILE *stream);
extern int feof(FILE *stream);
extern int ferror(FILE *stream);
extern void perror(const char *s);

/* Locking. */
extern void flockfile(FILE *stream);
extern void funlockfile(FILE *stream);
extern int ftrylockfile(FILE *stream);

/* The unlocked forms and the other functions glibc declares by default. */
extern int getc_unlocked(FILE *stream);
extern int getchar_unlocked(void);
extern int putc_unlocked(int c, FILE *stream);
extern int putchar_unlocked(int c);
extern int fgetc_unlocked(FILE *stream);
extern int fputc_unlocked(int c, FILE *stream);
extern void clearerr_unlocked(FILE *stream);
extern int feof_unlocked(FILE *stream);
extern int ferror_unlocked(FILE *stream);
extern int fileno_unlocked(FILE *stream);
extern int fflush_unlocked(FILE *stream);
extern size_t fread_unlocked(void * restrict ptr, size_t size, size_t n, FILE * restrict stream);
extern size_t fwrite_unlocked(const void * restrict ptr, size_t size, size_t n, FILE * restrict stream);
extern FILE *open_memstream(char **ptr, size_t *sizeloc);
extern char *tempnam(const char *dir, const char *pfx);
extern char *ctermid(char *s);
extern void setbuffer(FILE * restrict stream, char * restrict buf, size_t size);
extern void setlinebuf(FILE *stream);
extern int getw(FILE *stream);
extern int putw(int w, FILE *stream);
extern int renameat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);
extern char *tmpnam_r(char *s);

#endif /* _UPCLINT_STDIO_H */
