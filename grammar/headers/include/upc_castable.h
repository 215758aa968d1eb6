/* <upc_castable.h>: castability functions (UPC 1.3 Optional Library). */
#ifndef _UPCLINT_UPC_CASTABLE_H
#define _UPCLINT_UPC_CASTABLE_H

#include <upc.h>

/* Memory regions; each value is a distinct bit. */
#define UPC_CASTABLE_ALL_ALLOC (1 << 0)
#define UPC_CASTABLE_GLOBAL_ALLOC (1 << 1)
#define UPC_CASTABLE_ALLOC (1 << 2)
#define UPC_CASTABLE_STATIC (1 << 3)
#define UPC_CASTABLE_ALL \
	(UPC_CASTABLE_ALL_ALLOC | UPC_CASTABLE_GLOBAL_ALLOC | UPC_CASTABLE_ALLOC | UPC_CASTABLE_STATIC)

typedef struct {
	int guaranteedCastable;
	int probablyCastable;
} upc_thread_info_t;

void *upc_cast(const shared void *ptr);
upc_thread_info_t upc_thread_info(size_t threadId);

#endif /* _UPCLINT_UPC_CASTABLE_H */
