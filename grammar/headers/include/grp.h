/* <grp.h>: the group database (POSIX), as glibc declares it. */
#ifndef _UPCLINT_GRP_H
#define _UPCLINT_GRP_H

#define _UPCLINT_NEED_SIZE_T
#define _UPCLINT_NEED_ID_TYPES
#include <bits/upclint_types.h>

struct group {
	char *gr_name;
	char *gr_passwd;
	gid_t gr_gid;
	char **gr_mem;
};

extern struct group *getgrgid(gid_t gid);
extern struct group *getgrnam(const char *name);
extern int getgrgid_r(gid_t gid, struct group * restrict grp, char * restrict buf, size_t buflen, struct group ** restrict result);
extern int getgrnam_r(const char * restrict name, struct group * restrict grp, char * restrict buf, size_t buflen, struct group ** restrict result);
extern struct group *getgrent(void);
extern void setgrent(void);
extern void endgrent(void);
extern int getgrouplist(const char *user, gid_t group, gid_t *groups, int *ngroups);
extern int initgroups(const char *user, gid_t group);
extern int setgroups(size_t n, const gid_t *groups);

#endif /* _UPCLINT_GRP_H */
