/* <math.h>: mathematics (C99 7.12) with the float and long double variants
   and the M_* constants glibc provides. HUGE_VAL, INFINITY and NAN are
   constant expressions the analyzer can fold: an overflowing product gives
   infinity, and 0/0 gives the default NaN, whose sign bit is set on x86, so
   NAN negates it to get the positive quiet NaN that glibc's NAN is.
   The classification macros call the functions glibc exports. */
#ifndef _UPCLINT_MATH_H
#define _UPCLINT_MATH_H

typedef float float_t;
typedef double double_t;

#define HUGE_VAL (1e300 * 1e300)
#define HUGE_VALF (1e30F * 1e30F)
#define HUGE_VALL (1e4000L * 1e4000L)
#define INFINITY HUGE_VALF
#define NAN (-(0.0F / 0.0F))

#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4

#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)

#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
#define math_errhandling (MATH_ERRNO | MATH_ERREXCEPT)

#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

extern int __fpclassify(double);
extern int __fpclassifyf(float);
extern int __fpclassifyl(long double);
extern int __isnan(double);
extern int __isnanf(float);
extern int __isnanl(long double);
extern int __isinf(double);
extern int __isinff(float);
extern int __isinfl(long double);
extern int __finite(double);
extern int __finitef(float);
extern int __finitel(long double);
extern int __signbit(double);
extern int __signbitf(float);
extern int __signbitl(long double);

#define _UPCLINT_FPCALL(fn, x) \
	(sizeof(x) == sizeof(float) ? fn ## f(x) : sizeof(x) == sizeof(double) ? fn(x) : fn ## l(x))
#define fpclassify(x) _UPCLINT_FPCALL(__fpclassify, x)
#define isnan(x) _UPCLINT_FPCALL(__isnan, x)
#define isinf(x) _UPCLINT_FPCALL(__isinf, x)
#define isfinite(x) _UPCLINT_FPCALL(__finite, x)
#define signbit(x) _UPCLINT_FPCALL(__signbit, x)
#define isnormal(x) (fpclassify(x) == FP_NORMAL)

#define isgreater(x, y) (!isunordered(x, y) && (x) > (y))
#define isgreaterequal(x, y) (!isunordered(x, y) && (x) >= (y))
#define isless(x, y) (!isunordered(x, y) && (x) < (y))
#define islessequal(x, y) (!isunordered(x, y) && (x) <= (y))
#define islessgreater(x, y) (!isunordered(x, y) && ((x) < (y) || (x) > (y)))
#define isunordered(x, y) (isnan(x) || isnan(y))

extern double acos(double);
extern float acosf(float);
extern long double acosl(long double);
extern double asin(double);
extern float asinf(float);
extern long double asinl(long double);
extern double atan(double);
extern float atanf(float);
extern long double atanl(long double);
extern double cos(double);
extern float cosf(float);
extern long double cosl(long double);
extern double sin(double);
extern float sinf(float);
extern long double sinl(long double);
extern double tan(double);
extern float tanf(float);
extern long double tanl(long double);
extern double acosh(double);
extern float acoshf(float);
extern long double acoshl(long double);
extern double asinh(double);
extern float asinhf(float);
extern long double asinhl(long double);
extern double atanh(double);
extern float atanhf(float);
extern long double atanhl(long double);
extern double cosh(double);
extern float coshf(float);
extern long double coshl(long double);
extern double sinh(double);
extern float sinhf(float);
extern long double sinhl(long double);
extern double tanh(double);
extern float tanhf(float);
extern long double tanhl(long double);
extern double exp(double);
extern float expf(float);
extern long double expl(long double);
extern double exp2(double);
extern float exp2f(float);
extern long double exp2l(long double);
extern double expm1(double);
extern float expm1f(float);
extern long double expm1l(long double);
extern double log(double);
extern float logf(float);
extern long double logl(long double);
extern double log10(double);
extern float log10f(float);
extern long double log10l(long double);
extern double log1p(double);
extern float log1pf(float);
extern long double log1pl(long double);
extern double log2(double);
extern float log2f(float);
extern long double log2l(long double);
extern double logb(double);
extern float logbf(float);
extern long double logbl(long double);
extern double cbrt(double);
extern float cbrtf(float);
extern long double cbrtl(long double);
extern double fabs(double);
extern float fabsf(float);
extern long double fabsl(long double);
extern double sqrt(double);
extern float sqrtf(float);
extern long double sqrtl(long double);
extern double erf(double);
extern float erff(float);
extern long double erfl(long double);
extern double erfc(double);
extern float erfcf(float);
extern long double erfcl(long double);
extern double lgamma(double);
extern float lgammaf(float);
extern long double lgammal(long double);
extern double tgamma(double);
extern float tgammaf(float);
extern long double tgammal(long double);
extern double ceil(double);
extern float ceilf(float);
extern long double ceill(long double);
extern double floor(double);
extern float floorf(float);
extern long double floorl(long double);
extern double nearbyint(double);
extern float nearbyintf(float);
extern long double nearbyintl(long double);
extern double rint(double);
extern float rintf(float);
extern long double rintl(long double);
extern double round(double);
extern float roundf(float);
extern long double roundl(long double);
extern double trunc(double);
extern float truncf(float);
extern long double truncl(long double);
extern double atan2(double, double);
extern float atan2f(float, float);
extern long double atan2l(long double, long double);
extern double pow(double, double);
extern float powf(float, float);
extern long double powl(long double, long double);
extern double hypot(double, double);
extern float hypotf(float, float);
extern long double hypotl(long double, long double);
extern double fmod(double, double);
extern float fmodf(float, float);
extern long double fmodl(long double, long double);
extern double remainder(double, double);
extern float remainderf(float, float);
extern long double remainderl(long double, long double);
extern double copysign(double, double);
extern float copysignf(float, float);
extern long double copysignl(long double, long double);
extern double nextafter(double, double);
extern float nextafterf(float, float);
extern long double nextafterl(long double, long double);
extern double fdim(double, double);
extern float fdimf(float, float);
extern long double fdiml(long double, long double);
extern double fmax(double, double);
extern float fmaxf(float, float);
extern long double fmaxl(long double, long double);
extern double fmin(double, double);
extern float fminf(float, float);
extern long double fminl(long double, long double);
extern double fma(double, double, double);
extern float fmaf(float, float, float);
extern long double fmal(long double, long double, long double);
extern double frexp(double, int *);
extern float frexpf(float, int *);
extern long double frexpl(long double, int *);
extern double ldexp(double, int);
extern float ldexpf(float, int);
extern long double ldexpl(long double, int);
extern double scalbn(double, int);
extern float scalbnf(float, int);
extern long double scalbnl(long double, int);
extern double scalbln(double, long);
extern float scalblnf(float, long);
extern long double scalblnl(long double, long);
extern int ilogb(double);
extern int ilogbf(float);
extern int ilogbl(long double);
extern double modf(double, double *);
extern float modff(float, float *);
extern long double modfl(long double, long double *);
extern double remquo(double, double, int *);
extern float remquof(float, float, int *);
extern long double remquol(long double, long double, int *);
extern long lrint(double);
extern long lrintf(float);
extern long lrintl(long double);
extern long long llrint(double);
extern long long llrintf(float);
extern long long llrintl(long double);
extern long lround(double);
extern long lroundf(float);
extern long lroundl(long double);
extern long long llround(double);
extern long long llroundf(float);
extern long long llroundl(long double);
extern double nan(const char *);
extern float nanf(const char *);
extern long double nanl(const char *);
extern double nexttoward(double, long double);
extern float nexttowardf(float, long double);
extern long double nexttowardl(long double, long double);

/* BSD and GNU extras glibc declares. The Bessel functions (j0, y1 ...)
   and gamma are left out: they are common names of program variables. */
extern int finite(double);
extern void sincos(double, double *, double *);
extern void sincosf(float, float *, float *);
extern double exp10(double);

#endif /* _UPCLINT_MATH_H */
