/* <alloca.h>: stack allocation. */
#ifndef _UPCLINT_ALLOCA_H
#define _UPCLINT_ALLOCA_H

#define _UPCLINT_NEED_SIZE_T
#include <bits/upclint_types.h>

extern void *alloca(size_t size);

#endif /* _UPCLINT_ALLOCA_H */
