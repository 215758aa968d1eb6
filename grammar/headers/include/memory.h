/* <memory.h>: the old BSD name of <string.h>, which glibc keeps. */
#ifndef _UPCLINT_MEMORY_H
#define _UPCLINT_MEMORY_H
#include <string.h>
#endif /* _UPCLINT_MEMORY_H */
