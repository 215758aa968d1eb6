/* <complex.h>: complex arithmetic (C99 7.3). I is an object of type
   float _Complex whose value is the imaginary unit: glibc spells it with an
   imaginary constant, a GNU extension. */
#ifndef _UPCLINT_COMPLEX_H
#define _UPCLINT_COMPLEX_H

#define complex _Complex
extern const float _Complex _upclint_complex_i;
#define _Complex_I _upclint_complex_i
#define I _Complex_I

extern double cabs(double _Complex z);
extern float cabsf(float _Complex z);
extern long double cabsl(long double _Complex z);
extern double carg(double _Complex z);
extern float cargf(float _Complex z);
extern long double cargl(long double _Complex z);
extern double creal(double _Complex z);
extern float crealf(float _Complex z);
extern long double creall(long double _Complex z);
extern double cimag(double _Complex z);
extern float cimagf(float _Complex z);
extern long double cimagl(long double _Complex z);
extern double _Complex conj(double _Complex z);
extern float _Complex conjf(float _Complex z);
extern long double _Complex conjl(long double _Complex z);
extern double _Complex cproj(double _Complex z);
extern float _Complex cprojf(float _Complex z);
extern double _Complex cexp(double _Complex z);
extern float _Complex cexpf(float _Complex z);
extern long double _Complex cexpl(long double _Complex z);
extern double _Complex clog(double _Complex z);
extern float _Complex clogf(float _Complex z);
extern long double _Complex clogl(long double _Complex z);
extern double _Complex cpow(double _Complex x, double _Complex y);
extern float _Complex cpowf(float _Complex x, float _Complex y);
extern long double _Complex cpowl(long double _Complex x, long double _Complex y);
extern double _Complex csqrt(double _Complex z);
extern float _Complex csqrtf(float _Complex z);
extern long double _Complex csqrtl(long double _Complex z);
extern double _Complex csin(double _Complex z);
extern float _Complex csinf(float _Complex z);
extern double _Complex ccos(double _Complex z);
extern float _Complex ccosf(float _Complex z);
extern double _Complex ctan(double _Complex z);
extern float _Complex ctanf(float _Complex z);
extern double _Complex casin(double _Complex z);
extern double _Complex cacos(double _Complex z);
extern double _Complex catan(double _Complex z);
extern double _Complex csinh(double _Complex z);
extern double _Complex ccosh(double _Complex z);
extern double _Complex ctanh(double _Complex z);
extern double _Complex casinh(double _Complex z);
extern double _Complex cacosh(double _Complex z);
extern double _Complex catanh(double _Complex z);

#endif /* _UPCLINT_COMPLEX_H */
