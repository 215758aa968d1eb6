/* <float.h>: characteristics of floating types (C99 7.7 and 5.2.4.2.2) for
   x86-64: IEEE single and double, x87 80-bit long double. Limits are written
   as hexadecimal floating constants so that their values are exact. */
#ifndef _UPCLINT_FLOAT_H
#define _UPCLINT_FLOAT_H

#define FLT_ROUNDS 1
#define FLT_EVAL_METHOD 0
#define FLT_RADIX 2
#define DECIMAL_DIG 21

#define FLT_MANT_DIG 24
#define DBL_MANT_DIG 53
#define LDBL_MANT_DIG 64

#define FLT_DIG 6
#define DBL_DIG 15
#define LDBL_DIG 18

#define FLT_MIN_EXP (-125)
#define DBL_MIN_EXP (-1021)
#define LDBL_MIN_EXP (-16381)

#define FLT_MIN_10_EXP (-37)
#define DBL_MIN_10_EXP (-307)
#define LDBL_MIN_10_EXP (-4931)

#define FLT_MAX_EXP 128
#define DBL_MAX_EXP 1024
#define LDBL_MAX_EXP 16384

#define FLT_MAX_10_EXP 38
#define DBL_MAX_10_EXP 308
#define LDBL_MAX_10_EXP 4932

#define FLT_MAX 0x1.fffffep127F
#define DBL_MAX 0x1.fffffffffffffp1023
#define LDBL_MAX 0x1.fffffffffffffffep16383L

#define FLT_EPSILON 0x1p-23F
#define DBL_EPSILON 0x1p-52
#define LDBL_EPSILON 0x1p-63L

#define FLT_MIN 0x1p-126F
#define DBL_MIN 0x1p-1022
#define LDBL_MIN 0x1p-16382L

/* C11 additions that C99 programs also use. */
#define FLT_DECIMAL_DIG 9
#define DBL_DECIMAL_DIG 17
#define LDBL_DECIMAL_DIG 21
#define FLT_TRUE_MIN 0x1p-149F
#define DBL_TRUE_MIN 0x1p-1074
#define LDBL_TRUE_MIN 0x1p-16445L

#endif /* _UPCLINT_FLOAT_H */
