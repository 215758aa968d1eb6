/* <stdnoreturn.h>: the noreturn function specifier (C11 7.23). */
#ifndef _UPCLINT_STDNORETURN_H
#define _UPCLINT_STDNORETURN_H

#define noreturn _Noreturn

#endif /* _UPCLINT_STDNORETURN_H */
