/* <complex.h>: complex arithmetic (C99 7.3). I is an object of type
   float _Complex whose value is the imaginary unit: glibc spells it with an
   imaginary constant, a GNU extension. */
#ifndef _UPCLINT_COMPLEX_H
#define _UPCLINT_COMPLEX_H

#define complex _Complex
extern const float _Complex _upclint_complex_i;
#define _Complex_I _upclint_complex_i
#define I _Complex_I

/* Most functions come in double, float (suffix f) and long double (suffix l)
   forms that differ only in that type: one macro declares the three. */
#define _UPCLINT_REAL3(name) \
extern double name(double _Complex z); \
extern float name##f(float _Complex z); \
extern long double name##l(long double _Complex z);
#define _UPCLINT_COMPLEX3(name) \
extern double _Complex name(double _Complex z); \
extern float _Complex name##f(float _Complex z); \
extern long double _Complex name##l(long double _Complex z);
_UPCLINT_REAL3(cabs)
_UPCLINT_REAL3(carg)
_UPCLINT_REAL3(creal)
_UPCLINT_REAL3(cimag)
_UPCLINT_COMPLEX3(conj)
extern double _Complex cproj(double _Complex z);
extern float _Complex cprojf(float _Complex z);
_UPCLINT_COMPLEX3(cexp)
_UPCLINT_COMPLEX3(clog)
extern double _Complex cpow(double _Complex x, double _Complex y);
extern float _Complex cpowf(float _Complex x, float _Complex y);
extern long double _Complex cpowl(long double _Complex x, long double _Complex y);
_UPCLINT_COMPLEX3(csqrt)
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
#undef _UPCLINT_REAL3
#undef _UPCLINT_COMPLEX3

#endif /* _UPCLINT_COMPLEX_H */
