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

/* Each function comes in double, float (suffix f) and long double (suffix l)
   forms that differ only in that type; one macro per shape declares the
   three: T name(T), T name(T, T), R name(T) and T name(T, X). */
#define _UPCLINT_MATH1(name) \
extern double name(double); extern float name##f(float); extern long double name##l(long double);
#define _UPCLINT_MATH2(name) \
extern double name(double, double); extern float name##f(float, float); \
extern long double name##l(long double, long double);
#define _UPCLINT_MATHTO(R, name) \
extern R name(double); extern R name##f(float); extern R name##l(long double);
#define _UPCLINT_MATH1X(name, X) \
extern double name(double, X); extern float name##f(float, X); extern long double name##l(long double, X);

_UPCLINT_MATHTO(int, __fpclassify)
_UPCLINT_MATHTO(int, __isnan)
_UPCLINT_MATHTO(int, __isinf)
_UPCLINT_MATHTO(int, __finite)
_UPCLINT_MATHTO(int, __signbit)

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

_UPCLINT_MATH1(acos)
_UPCLINT_MATH1(asin)
_UPCLINT_MATH1(atan)
_UPCLINT_MATH1(cos)
_UPCLINT_MATH1(sin)
_UPCLINT_MATH1(tan)
_UPCLINT_MATH1(acosh)
_UPCLINT_MATH1(asinh)
_UPCLINT_MATH1(atanh)
_UPCLINT_MATH1(cosh)
_UPCLINT_MATH1(sinh)
_UPCLINT_MATH1(tanh)
_UPCLINT_MATH1(exp)
_UPCLINT_MATH1(exp2)
_UPCLINT_MATH1(expm1)
_UPCLINT_MATH1(log)
_UPCLINT_MATH1(log10)
_UPCLINT_MATH1(log1p)
_UPCLINT_MATH1(log2)
_UPCLINT_MATH1(logb)
_UPCLINT_MATH1(cbrt)
_UPCLINT_MATH1(fabs)
_UPCLINT_MATH1(sqrt)
_UPCLINT_MATH1(erf)
_UPCLINT_MATH1(erfc)
_UPCLINT_MATH1(lgamma)
_UPCLINT_MATH1(tgamma)
_UPCLINT_MATH1(ceil)
_UPCLINT_MATH1(floor)
_UPCLINT_MATH1(nearbyint)
_UPCLINT_MATH1(rint)
_UPCLINT_MATH1(round)
_UPCLINT_MATH1(trunc)
_UPCLINT_MATH2(atan2)
_UPCLINT_MATH2(pow)
_UPCLINT_MATH2(hypot)
_UPCLINT_MATH2(fmod)
_UPCLINT_MATH2(remainder)
_UPCLINT_MATH2(copysign)
_UPCLINT_MATH2(nextafter)
_UPCLINT_MATH2(fdim)
_UPCLINT_MATH2(fmax)
_UPCLINT_MATH2(fmin)
extern double fma(double, double, double);
extern float fmaf(float, float, float);
extern long double fmal(long double, long double, long double);
_UPCLINT_MATH1X(frexp, int *)
_UPCLINT_MATH1X(ldexp, int)
_UPCLINT_MATH1X(scalbn, int)
_UPCLINT_MATH1X(scalbln, long)
_UPCLINT_MATHTO(int, ilogb)
extern double modf(double, double *);
extern float modff(float, float *);
extern long double modfl(long double, long double *);
extern double remquo(double, double, int *);
extern float remquof(float, float, int *);
extern long double remquol(long double, long double, int *);
_UPCLINT_MATHTO(long, lrint)
_UPCLINT_MATHTO(long long, llrint)
_UPCLINT_MATHTO(long, lround)
_UPCLINT_MATHTO(long long, llround)
extern double nan(const char *);
extern float nanf(const char *);
extern long double nanl(const char *);
_UPCLINT_MATH1X(nexttoward, long double)

/* BSD and GNU extras glibc declares. The Bessel functions (j0, y1 ...)
   and gamma are left out: they are common names of program variables. */
extern int finite(double);
extern void sincos(double, double *, double *);
extern void sincosf(float, float *, float *);
extern double exp10(double);
extern float exp10f(float);
extern long double exp10l(long double);
extern void sincosl(long double, long double *, long double *);
extern int finitef(float);
extern int finitel(long double);
extern int isinff(float);
extern int isinfl(long double);
extern int isnanf(float);
extern int isnanl(long double);
_UPCLINT_MATH2(drem)
_UPCLINT_MATH2(scalb)
_UPCLINT_MATH1(significand)
_UPCLINT_MATH1X(lgamma_r, int *)
extern int signgam;
/* As glibc's <math.h> and <values.h> do (same spelling in both). */
#ifndef MAXFLOAT
#define MAXFLOAT 3.40282347e+38F
#endif

#undef _UPCLINT_MATH1
#undef _UPCLINT_MATH2
#undef _UPCLINT_MATHTO
#undef _UPCLINT_MATH1X

#endif /* _UPCLINT_MATH_H */
