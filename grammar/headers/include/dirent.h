/* <dirent.h>: directory entries (POSIX), with the glibc x86-64 layout of
   struct dirent. DIR is opaque. */
#ifndef _UPCLINT_DIRENT_H
#define _UPCLINT_DIRENT_H
#include <sys/types.h>

struct dirent {
	ino_t d_ino;
	off_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[256];
};

#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12
#define DT_WHT 14

typedef struct _upclint_DIR DIR;

extern DIR *opendir(const char *name);
extern DIR *fdopendir(int fd);
extern int closedir(DIR *dirp);
extern struct dirent *readdir(DIR *dirp);
extern void rewinddir(DIR *dirp);
extern void seekdir(DIR *dirp, long pos);
extern long telldir(DIR *dirp);
extern int dirfd(DIR *dirp);
extern int alphasort(const struct dirent **a, const struct dirent **b);
extern int scandir(const char * restrict dir, struct dirent *** restrict namelist, int (*filter)(const struct dirent *), int (*compar)(const struct dirent **, const struct dirent **));

#endif /* _UPCLINT_DIRENT_H */
