/* <sched.h>: process scheduling (POSIX) and the GNU CPU affinity sets,
   with the glibc x86-64 values and sizes. */
#ifndef _UPCLINT_SCHED_H
#define _UPCLINT_SCHED_H
#include <sys/types.h>
#include <time.h>

#define SCHED_OTHER 0
#define SCHED_FIFO 1
#define SCHED_RR 2
#define SCHED_BATCH 3
#define SCHED_IDLE 5

struct sched_param {
	int sched_priority;
};

extern int sched_yield(void);
extern int sched_get_priority_max(int policy);
extern int sched_get_priority_min(int policy);
extern int sched_setparam(pid_t pid, const struct sched_param *param);
extern int sched_getparam(pid_t pid, struct sched_param *param);
extern int sched_setscheduler(pid_t pid, int policy, const struct sched_param *param);
extern int sched_getscheduler(pid_t pid);
extern int sched_rr_get_interval(pid_t pid, struct timespec *t);

/* CPU sets (GNU). */
#define CPU_SETSIZE 1024

typedef struct {
	unsigned long __bits[CPU_SETSIZE / (8 * sizeof(unsigned long))];
} cpu_set_t;

#define CPU_ZERO(cpusetp) \
	do { \
		unsigned int _upclint_i; \
		for (_upclint_i = 0; _upclint_i < CPU_SETSIZE / (8 * sizeof(unsigned long)); ++_upclint_i) \
			(cpusetp)->__bits[_upclint_i] = 0; \
	} while (0)
#define CPU_SET(cpu, cpusetp) \
	((size_t)(cpu) < CPU_SETSIZE ? ((cpusetp)->__bits[(size_t)(cpu) / (8 * sizeof(unsigned long))] |= 1UL << ((size_t)(cpu) % (8 * sizeof(unsigned long)))) : 0)
#define CPU_CLR(cpu, cpusetp) \
	((size_t)(cpu) < CPU_SETSIZE ? ((cpusetp)->__bits[(size_t)(cpu) / (8 * sizeof(unsigned long))] &= ~(1UL << ((size_t)(cpu) % (8 * sizeof(unsigned long))))) : 0)
#define CPU_ISSET(cpu, cpusetp) \
	((size_t)(cpu) < CPU_SETSIZE && ((cpusetp)->__bits[(size_t)(cpu) / (8 * sizeof(unsigned long))] & (1UL << ((size_t)(cpu) % (8 * sizeof(unsigned long))))) != 0)
#define CPU_COUNT(cpusetp) __sched_cpucount(sizeof(cpu_set_t), cpusetp)

extern int __sched_cpucount(size_t setsize, const cpu_set_t *setp);
extern int sched_setaffinity(pid_t pid, size_t cpusetsize, const cpu_set_t *cpuset);
extern int sched_getaffinity(pid_t pid, size_t cpusetsize, cpu_set_t *cpuset);
extern int sched_getcpu(void);

#endif /* _UPCLINT_SCHED_H */
