/* <sys/shm.h>: System V shared memory (POSIX), with the glibc x86-64
   layout of struct shmid_ds. */
#ifndef _UPCLINT_SYS_SHM_H
#define _UPCLINT_SYS_SHM_H
#include <sys/ipc.h>

#define SHM_R 0400
#define SHM_W 0200
#define SHM_RDONLY 010000
#define SHM_RND 020000
#define SHM_REMAP 040000
#define SHM_EXEC 0100000
#define SHM_LOCK 11
#define SHM_UNLOCK 12

typedef unsigned long shmatt_t;

struct shmid_ds {
	struct ipc_perm shm_perm;
	size_t shm_segsz;
	time_t shm_atime;
	time_t shm_dtime;
	time_t shm_ctime;
	pid_t shm_cpid;
	pid_t shm_lpid;
	shmatt_t shm_nattch;
	unsigned long __glibc_reserved5;
	unsigned long __glibc_reserved6;
};

extern int shmget(key_t key, size_t size, int shmflg);
extern void *shmat(int shmid, const void *shmaddr, int shmflg);
extern int shmdt(const void *shmaddr);
extern int shmctl(int shmid, int cmd, struct shmid_ds *buf);

#endif /* _UPCLINT_SYS_SHM_H */
