/* <pwd.h>: the password database (POSIX), with the glibc x86-64 layout of
   struct passwd. */
#ifndef _UPCLINT_PWD_H
#define _UPCLINT_PWD_H
#include <sys/types.h>
struct passwd {
	char *pw_name;
	char *pw_passwd;
	uid_t pw_uid;
	gid_t pw_gid;
	char *pw_gecos;
	char *pw_dir;
	char *pw_shell;
};
extern struct passwd *getpwuid(uid_t uid);
extern struct passwd *getpwnam(const char *name);
extern int getpwuid_r(uid_t uid, struct passwd * restrict pwd, char * restrict buf, size_t buflen, struct passwd ** restrict result);
extern int getpwnam_r(const char * restrict name, struct passwd * restrict pwd, char * restrict buf, size_t buflen, struct passwd ** restrict result);
#endif /* _UPCLINT_PWD_H */
