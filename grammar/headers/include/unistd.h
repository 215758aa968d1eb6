/* <unistd.h>: POSIX operating system interface (the commonly used part).
   Values are those of glibc on x86-64. */
#ifndef _UPCLINT_UNISTD_H
#define _UPCLINT_UNISTD_H

#define _UPCLINT_NEED_SIZE_T
#define _UPCLINT_NEED_SSIZE_T
#define _UPCLINT_NEED_OFF_T
#define _UPCLINT_NEED_PID_T
#define _UPCLINT_NEED_ID_TYPES
#define _UPCLINT_NEED_USECONDS_T
#define _UPCLINT_NEED_INTPTR_T
#define _UPCLINT_NEED_NULL
#include <bits/upclint_types.h>

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

#define R_OK 4
#define W_OK 2
#define X_OK 1
#define F_OK 0

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

#define _SC_ARG_MAX 0
#define _SC_CHILD_MAX 1
#define _SC_CLK_TCK 2
#define _SC_NGROUPS_MAX 3
#define _SC_OPEN_MAX 4
#define _SC_PAGESIZE 30
#define _SC_PAGE_SIZE _SC_PAGESIZE
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84
#define _SC_PHYS_PAGES 85
#define _SC_AVPHYS_PAGES 86
#define _SC_HOST_NAME_MAX 180
#define _SC_LEVEL1_DCACHE_LINESIZE 190

/* getopt (also declared by <getopt.h>). */
extern char *optarg;
extern int optind;
extern int opterr;
extern int optopt;
extern int getopt(int argc, char * const argv[], const char *optstring);

extern ssize_t read(int fd, void *buf, size_t count);
extern ssize_t write(int fd, const void *buf, size_t count);
extern ssize_t pread(int fd, void *buf, size_t count, off_t offset);
extern ssize_t pwrite(int fd, const void *buf, size_t count, off_t offset);
extern int close(int fd);
extern off_t lseek(int fd, off_t offset, int whence);
extern int dup(int fd);
extern int dup2(int oldfd, int newfd);
extern int pipe(int fds[2]);
extern int fsync(int fd);
extern int fdatasync(int fd);
extern int ftruncate(int fd, off_t length);
extern int truncate(const char *path, off_t length);
extern int isatty(int fd);

extern int access(const char *path, int mode);
extern int unlink(const char *path);
extern int rmdir(const char *path);
extern int link(const char *oldpath, const char *newpath);
extern int symlink(const char *target, const char *linkpath);
extern ssize_t readlink(const char * restrict path, char * restrict buf, size_t bufsiz);
extern int chdir(const char *path);
extern char *getcwd(char *buf, size_t size);
extern int chown(const char *path, uid_t owner, gid_t group);

extern pid_t getpid(void);
extern pid_t getppid(void);
extern uid_t getuid(void);
extern uid_t geteuid(void);
extern gid_t getgid(void);
extern gid_t getegid(void);
extern pid_t fork(void);
extern int execv(const char *path, char * const argv[]);
extern int execvp(const char *file, char * const argv[]);
extern int execve(const char *path, char * const argv[], char * const envp[]);
extern int execl(const char *path, const char *arg, ...);
extern int execlp(const char *file, const char *arg, ...);
extern void _exit(int status);

extern unsigned int sleep(unsigned int seconds);
extern int usleep(useconds_t usec);
extern unsigned int alarm(unsigned int seconds);
extern int pause(void);

extern long sysconf(int name);
extern int gethostname(char *name, size_t len);
extern char *getlogin(void);
extern int getpagesize(void);
extern void *sbrk(intptr_t increment);
extern long syscall(long number, ...);
extern long gethostid(void);
extern int nice(int inc);
extern void sync(void);
extern int lockf(int fd, int cmd, off_t len);
extern pid_t setsid(void);
extern pid_t getpgrp(void);
extern int setpgid(pid_t pid, pid_t pgid);
extern int setuid(uid_t uid);
extern int setgid(gid_t gid);
extern char *ttyname(int fd);
extern int getdtablesize(void);
extern long pathconf(const char *path, int name);
extern long fpathconf(int fd, int name);
extern int fchdir(int fd);
extern int fchown(int fd, uid_t owner, gid_t group);
extern int lchown(const char *path, uid_t owner, gid_t group);
extern pid_t vfork(void);
extern int execle(const char *path, const char *arg, ...);
extern int getdomainname(char *name, size_t len);

/* More of what glibc declares by default (BSD, System V, GNU). */
#define F_ULOCK 0
#define F_LOCK 1
#define F_TLOCK 2
#define F_TEST 3
#define L_SET SEEK_SET
#define L_INCR SEEK_CUR
#define L_XTND SEEK_END
extern char **environ;
extern int chroot(const char *path);
extern int daemon(int nochdir, int noclose);
extern int getgroups(int size, gid_t list[]);
extern pid_t getpgid(pid_t pid);
extern pid_t getsid(pid_t pid);
extern int setpgrp(void);
extern int seteuid(uid_t euid);
extern int setegid(gid_t egid);
extern int setreuid(uid_t ruid, uid_t euid);
extern int setregid(gid_t rgid, gid_t egid);
extern int getlogin_r(char *buf, size_t bufsize);
extern int ttyname_r(int fd, char *buf, size_t buflen);
extern char *getpass(const char *prompt);
extern char *getwd(char *buf);
extern int sethostname(const char *name, size_t len);
extern int setdomainname(const char *name, size_t len);
extern int sethostid(long id);
extern int acct(const char *filename);
extern int brk(void *addr);
extern size_t confstr(int name, char *buf, size_t len);
extern char *crypt(const char *key, const char *salt);
extern void swab(const void * restrict from, void * restrict to, ssize_t n);
extern int faccessat(int dirfd, const char *path, int mode, int flags);
extern int fchownat(int dirfd, const char *path, uid_t owner, gid_t group, int flags);
extern int fexecve(int fd, char * const argv[], char * const envp[]);
extern int linkat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int flags);
extern int symlinkat(const char *target, int newdirfd, const char *linkpath);
extern ssize_t readlinkat(int dirfd, const char * restrict path, char * restrict buf, size_t bufsiz);
extern int unlinkat(int dirfd, const char *path, int flags);
extern pid_t tcgetpgrp(int fd);
extern int tcsetpgrp(int fd, pid_t pgrp);
extern useconds_t ualarm(useconds_t value, useconds_t interval);
extern int vhangup(void);
extern char *getusershell(void);
extern void endusershell(void);
extern void setusershell(void);
extern int ttyslot(void);

#endif /* _UPCLINT_UNISTD_H */
