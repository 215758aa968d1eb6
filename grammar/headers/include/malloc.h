/* <malloc.h>: the glibc allocator interface: the <stdlib.h> allocation
   functions plus aligned allocation and tuning. */
#ifndef _UPCLINT_MALLOC_H
#define _UPCLINT_MALLOC_H
#include <stdlib.h>

#define M_TRIM_THRESHOLD (-1)
#define M_TOP_PAD (-2)
#define M_MMAP_THRESHOLD (-3)
#define M_MMAP_MAX (-4)
#define M_ARENA_MAX (-8)

extern void *memalign(size_t alignment, size_t size);
extern void *valloc(size_t size);
extern void *pvalloc(size_t size);
extern size_t malloc_usable_size(void *ptr);
extern int mallopt(int param, int value);
extern int malloc_trim(size_t pad);
extern void malloc_stats(void);

#endif /* _UPCLINT_MALLOC_H */
