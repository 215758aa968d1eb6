/* <signal.h>: signal handling (C99 7.14) plus the POSIX interface, with the
   Linux signal numbers and the glibc x86-64 layouts. */
#ifndef _UPCLINT_SIGNAL_H
#define _UPCLINT_SIGNAL_H

#define _UPCLINT_NEED_PID_T
#define _UPCLINT_NEED_ID_TYPES
#define _UPCLINT_NEED_SIGSET_T
#include <bits/upclint_types.h>

typedef int sig_atomic_t;
typedef void (*sighandler_t)(int);

union sigval {
	int sival_int;
	void *sival_ptr;
};

/* The common fields of the kernel's signal information; the rest of the
   128 bytes is padding here. */
typedef struct {
	int si_signo;
	int si_errno;
	int si_code;
	int __pad[29];
} siginfo_t;

struct sigaction {
	union {
		void (*sa_handler)(int);
		void (*sa_sigaction)(int, siginfo_t *, void *);
	} __sigaction_handler;
	sigset_t sa_mask;
	int sa_flags;
	void (*sa_restorer)(void);
};
#define sa_handler __sigaction_handler.sa_handler
#define sa_sigaction __sigaction_handler.sa_sigaction

#define SIG_ERR ((void (*)(int))-1)
#define SIG_DFL ((void (*)(int))0)
#define SIG_IGN ((void (*)(int))1)

#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGSTKFLT 16
#define SIGCHLD 17
#define SIGCONT 18
#define SIGSTOP 19
#define SIGTSTP 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGURG 23
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGIO 29
#define SIGPOLL SIGIO
#define SIGPWR 30
#define SIGSYS 31

extern int __libc_current_sigrtmin(void);
extern int __libc_current_sigrtmax(void);
#define SIGRTMIN (__libc_current_sigrtmin())
#define SIGRTMAX (__libc_current_sigrtmax())

#define SIG_BLOCK 0
#define SIG_UNBLOCK 1
#define SIG_SETMASK 2

#define SA_NOCLDSTOP 1
#define SA_NOCLDWAIT 2
#define SA_SIGINFO 4
#define SA_ONSTACK 0x08000000
#define SA_RESTART 0x10000000
#define SA_NODEFER 0x40000000
#define SA_RESETHAND 0x80000000

extern void (*signal(int sig, void (*handler)(int)))(int);
extern int raise(int sig);
extern int kill(pid_t pid, int sig);
extern int sigaction(int sig, const struct sigaction * restrict act, struct sigaction * restrict oact);
extern int sigemptyset(sigset_t *set);
extern int sigfillset(sigset_t *set);
extern int sigaddset(sigset_t *set, int sig);
extern int sigdelset(sigset_t *set, int sig);
extern int sigismember(const sigset_t *set, int sig);
extern int sigprocmask(int how, const sigset_t * restrict set, sigset_t * restrict oset);
extern int sigsuspend(const sigset_t *mask);
extern int sigwait(const sigset_t * restrict set, int * restrict sig);
extern int pthread_sigmask(int how, const sigset_t * restrict set, sigset_t * restrict oset);
extern void psignal(int sig, const char *s);
extern int killpg(pid_t pgrp, int sig);
extern int siginterrupt(int sig, int flag);
extern int sigpending(sigset_t *set);

/* The Linux names glibc adds: old spellings, the number of signals, and
   the si_code and sigev_notify values. */
#define NSIG 65
#define SIGCLD SIGCHLD
#define SA_INTERRUPT 0x20000000
#define SA_NOMASK SA_NODEFER
#define SA_ONESHOT SA_RESETHAND
#define SA_STACK SA_ONSTACK
#define SI_USER 0
#define SI_KERNEL 0x80
#define SI_QUEUE (-1)
#define SI_TIMER (-2)
#define SI_MESGQ (-3)
#define SI_ASYNCIO (-4)
#define SI_SIGIO (-5)
#define SI_TKILL (-6)
#define ILL_ILLOPC 1
#define ILL_ILLOPN 2
#define ILL_ILLADR 3
#define ILL_ILLTRP 4
#define ILL_PRVOPC 5
#define ILL_PRVREG 6
#define ILL_COPROC 7
#define ILL_BADSTK 8
#define FPE_INTDIV 1
#define FPE_INTOVF 2
#define FPE_FLTDIV 3
#define FPE_FLTOVF 4
#define FPE_FLTUND 5
#define FPE_FLTRES 6
#define FPE_FLTINV 7
#define FPE_FLTSUB 8
#define SEGV_MAPERR 1
#define SEGV_ACCERR 2
#define BUS_ADRALN 1
#define BUS_ADRERR 2
#define BUS_OBJERR 3
#define TRAP_BRKPT 1
#define TRAP_TRACE 2
#define CLD_EXITED 1
#define CLD_KILLED 2
#define CLD_DUMPED 3
#define CLD_TRAPPED 4
#define CLD_STOPPED 5
#define CLD_CONTINUED 6
#define POLL_IN 1
#define POLL_OUT 2
#define POLL_MSG 3
#define POLL_ERR 4
#define POLL_PRI 5
#define POLL_HUP 6
#define SIGEV_SIGNAL 0
#define SIGEV_NONE 1
#define SIGEV_THREAD 2
#define SIGEV_THREAD_ID 4

#endif /* _UPCLINT_SIGNAL_H */
