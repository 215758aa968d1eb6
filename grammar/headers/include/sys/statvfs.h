/* <sys/statvfs.h>: file system information (POSIX), with glibc's x86-64
   layout. */
#ifndef _UPCLINT_SYS_STATVFS_H
#define _UPCLINT_SYS_STATVFS_H

#include <sys/types.h>

struct statvfs {
	unsigned long f_bsize;
	unsigned long f_frsize;
	fsblkcnt_t f_blocks;
	fsblkcnt_t f_bfree;
	fsblkcnt_t f_bavail;
	fsfilcnt_t f_files;
	fsfilcnt_t f_ffree;
	fsfilcnt_t f_favail;
	unsigned long f_fsid;
	unsigned long f_flag;
	unsigned long f_namemax;
	int __f_spare[6];
};

/* Bits of f_flag. */
#define ST_RDONLY 1
#define ST_NOSUID 2
#define ST_NODEV 4
#define ST_NOEXEC 8
#define ST_SYNCHRONOUS 16
#define ST_MANDLOCK 64
#define ST_WRITE 128
#define ST_APPEND 256
#define ST_IMMUTABLE 512
#define ST_NOATIME 1024
#define ST_NODIRATIME 2048
#define ST_RELATIME 4096

extern int statvfs(const char * restrict path, struct statvfs * restrict buf);
extern int fstatvfs(int fd, struct statvfs *buf);

#endif /* _UPCLINT_SYS_STATVFS_H */
