/* <tgmath.h>: type-generic math (C99 7.22). The generic macros need
   compiler support that upclint does not model: the names are those of
   <math.h> and <complex.h>, which take and return double. */
#ifndef _UPCLINT_TGMATH_H
#define _UPCLINT_TGMATH_H
#include <math.h>
#include <complex.h>
#endif /* _UPCLINT_TGMATH_H */
