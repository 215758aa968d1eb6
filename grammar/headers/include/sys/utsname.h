/* <sys/utsname.h>: system name (POSIX), with the Linux field sizes. */
#ifndef _UPCLINT_SYS_UTSNAME_H
#define _UPCLINT_SYS_UTSNAME_H

struct utsname {
	char sysname[65];
	char nodename[65];
	char release[65];
	char version[65];
	char machine[65];
	char domainname[65];
};

extern int uname(struct utsname *buf);

#endif /* _UPCLINT_SYS_UTSNAME_H */
