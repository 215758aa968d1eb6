/* <alloca.h>: stack allocation. */
#ifndef _UPCLINT_ALLOCA_H
#define _UPCLINT_ALLOCA_H

#ifndef _UPCLINT_SIZE_T
#define _UPCLINT_SIZE_T
typedef unsigned long size_t;
#endif

extern void *alloca(size_t size);

#endif /* _UPCLINT_ALLOCA_H */
