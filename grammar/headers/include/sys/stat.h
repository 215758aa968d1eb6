/* <sys/stat.h>: file status (POSIX), with the glibc x86-64 layout of
   struct stat. */
#ifndef _UPCLINT_SYS_STAT_H
#define _UPCLINT_SYS_STAT_H

#define _UPCLINT_NEED_OFF_T
#define _UPCLINT_NEED_ID_TYPES
#define _UPCLINT_NEED_TIME_T
#define _UPCLINT_NEED_STRUCT_TIMESPEC
#include <bits/upclint_types.h>

struct stat {
	dev_t st_dev;
	ino_t st_ino;
	nlink_t st_nlink;
	mode_t st_mode;
	uid_t st_uid;
	gid_t st_gid;
	int __pad0;
	dev_t st_rdev;
	off_t st_size;
	blksize_t st_blksize;
	blkcnt_t st_blocks;
	struct timespec st_atim;
	struct timespec st_mtim;
	struct timespec st_ctim;
	long __reserved[3];
};
#define st_atime st_atim.tv_sec
#define st_mtime st_mtim.tv_sec
#define st_ctime st_ctim.tv_sec

#define S_IFMT 0170000
#define S_IFDIR 0040000
#define S_IFCHR 0020000
#define S_IFBLK 0060000
#define S_IFREG 0100000
#define S_IFIFO 0010000
#define S_IFLNK 0120000
#define S_IFSOCK 0140000

#define S_ISDIR(m) (((m) & S_IFMT) == S_IFDIR)
#define S_ISCHR(m) (((m) & S_IFMT) == S_IFCHR)
#define S_ISBLK(m) (((m) & S_IFMT) == S_IFBLK)
#define S_ISREG(m) (((m) & S_IFMT) == S_IFREG)
#define S_ISFIFO(m) (((m) & S_IFMT) == S_IFIFO)
#define S_ISLNK(m) (((m) & S_IFMT) == S_IFLNK)
#define S_ISSOCK(m) (((m) & S_IFMT) == S_IFSOCK)

#define S_ISUID 04000
#define S_ISGID 02000
#define S_ISVTX 01000
#define S_IRUSR 0400
#define S_IWUSR 0200
#define S_IXUSR 0100
#define S_IRWXU 0700
#define S_IRGRP 040
#define S_IWGRP 020
#define S_IXGRP 010
#define S_IRWXG 070
#define S_IROTH 04
#define S_IWOTH 02
#define S_IXOTH 01
#define S_IRWXO 07

extern int stat(const char * restrict path, struct stat * restrict buf);
extern int fstat(int fd, struct stat *buf);
extern int lstat(const char * restrict path, struct stat * restrict buf);
extern int mkdir(const char *path, mode_t mode);
extern int mkfifo(const char *path, mode_t mode);
extern int chmod(const char *path, mode_t mode);
extern int fchmod(int fd, mode_t mode);
extern mode_t umask(mode_t mask);

/* The *at forms, nanosecond times and the BSD names glibc declares. */
#define S_IREAD S_IRUSR
#define S_IWRITE S_IWUSR
#define S_IEXEC S_IXUSR
#define ACCESSPERMS (S_IRWXU | S_IRWXG | S_IRWXO)
#define ALLPERMS (S_ISUID | S_ISGID | S_ISVTX | S_IRWXU | S_IRWXG | S_IRWXO)
#define DEFFILEMODE (S_IRUSR | S_IWUSR | S_IRGRP | S_IWGRP | S_IROTH | S_IWOTH)
#define UTIME_NOW ((1l << 30) - 1l)
#define UTIME_OMIT ((1l << 30) - 2l)
extern int fstatat(int dirfd, const char * restrict path, struct stat * restrict buf, int flags);
extern int fchmodat(int dirfd, const char *path, mode_t mode, int flags);
extern int mkdirat(int dirfd, const char *path, mode_t mode);
extern int mkfifoat(int dirfd, const char *path, mode_t mode);
extern int mknod(const char *path, mode_t mode, dev_t dev);
extern int mknodat(int dirfd, const char *path, mode_t mode, dev_t dev);
extern int utimensat(int dirfd, const char *path, const struct timespec times[2], int flags);
extern int futimens(int fd, const struct timespec times[2]);

#endif /* _UPCLINT_SYS_STAT_H */
