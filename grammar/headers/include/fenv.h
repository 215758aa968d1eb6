/* <fenv.h>: the floating-point environment (C99 7.6), with the glibc
   x86-64 values and sizes. */
#ifndef _UPCLINT_FENV_H
#define _UPCLINT_FENV_H

typedef unsigned short fexcept_t;

typedef struct {
	unsigned short __control_word;
	unsigned short __glibc_reserved1;
	unsigned short __status_word;
	unsigned short __glibc_reserved2;
	unsigned short __tags;
	unsigned short __glibc_reserved3;
	unsigned int __eip;
	unsigned short __cs_selector;
	unsigned int __opcode : 11;
	unsigned int __glibc_reserved4 : 5;
	unsigned int __data_offset;
	unsigned short __data_selector;
	unsigned short __glibc_reserved5;
	unsigned int __mxcsr;
} fenv_t;

#define FE_INVALID 0x01
#define FE_DIVBYZERO 0x04
#define FE_OVERFLOW 0x08
#define FE_UNDERFLOW 0x10
#define FE_INEXACT 0x20
#define FE_ALL_EXCEPT (FE_INEXACT | FE_DIVBYZERO | FE_UNDERFLOW | FE_OVERFLOW | FE_INVALID)

#define FE_TONEAREST 0
#define FE_DOWNWARD 0x400
#define FE_UPWARD 0x800
#define FE_TOWARDZERO 0xc00

extern const fenv_t _upclint_fe_dfl_env;
#define FE_DFL_ENV (&_upclint_fe_dfl_env)

extern int feclearexcept(int excepts);
extern int fegetexceptflag(fexcept_t *flagp, int excepts);
extern int feraiseexcept(int excepts);
extern int fesetexceptflag(const fexcept_t *flagp, int excepts);
extern int fetestexcept(int excepts);
extern int fegetround(void);
extern int fesetround(int round);
extern int fegetenv(fenv_t *envp);
extern int feholdexcept(fenv_t *envp);
extern int fesetenv(const fenv_t *envp);
extern int feupdateenv(const fenv_t *envp);

#endif /* _UPCLINT_FENV_H */
