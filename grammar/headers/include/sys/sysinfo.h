/* <sys/sysinfo.h>: Linux system statistics, with the glibc x86-64 layout
   of struct sysinfo (whose trailing padding array is empty on x86-64). */
#ifndef _UPCLINT_SYS_SYSINFO_H
#define _UPCLINT_SYS_SYSINFO_H
struct sysinfo {
	long uptime;
	unsigned long loads[3];
	unsigned long totalram;
	unsigned long freeram;
	unsigned long sharedram;
	unsigned long bufferram;
	unsigned long totalswap;
	unsigned long freeswap;
	unsigned short procs;
	unsigned short pad;
	unsigned long totalhigh;
	unsigned long freehigh;
	unsigned int mem_unit;
};
extern int sysinfo(struct sysinfo *info);
extern int get_nprocs_conf(void);
extern int get_nprocs(void);
extern long get_phys_pages(void);
extern long get_avphys_pages(void);
#endif /* _UPCLINT_SYS_SYSINFO_H */
