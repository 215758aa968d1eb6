/* <setjmp.h>: non-local jumps (C99 7.13) and the POSIX sigsetjmp, with the
   glibc x86-64 sizes of jmp_buf and sigjmp_buf. setjmp is a function here
   (a macro is allowed by C99, which upclint does not need). */
#ifndef _UPCLINT_SETJMP_H
#define _UPCLINT_SETJMP_H

struct _upclint_jmp_buf_tag {
	long __jmpbuf[8];
	int __mask_was_saved;
	unsigned long __saved_mask[16];
};

typedef struct _upclint_jmp_buf_tag jmp_buf[1];
typedef struct _upclint_jmp_buf_tag sigjmp_buf[1];

extern int setjmp(jmp_buf env);
extern int _setjmp(jmp_buf env);
extern void longjmp(jmp_buf env, int val);
extern void _longjmp(jmp_buf env, int val);
extern int sigsetjmp(sigjmp_buf env, int savesigs);
extern void siglongjmp(sigjmp_buf env, int val);

#endif /* _UPCLINT_SETJMP_H */
