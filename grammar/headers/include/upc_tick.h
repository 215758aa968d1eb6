/* <upc_tick.h>: high-performance wall-clock timers (UPC 1.3 Required
   Library, section 7.4). Tick values are thread-specific. */
#ifndef _UPCLINT_UPC_TICK_H
#define _UPCLINT_UPC_TICK_H

#include <stdint.h>

typedef uint64_t upc_tick_t;

#define UPC_TICK_MIN ((upc_tick_t)0)
#define UPC_TICK_MAX ((upc_tick_t)18446744073709551615UL)

upc_tick_t upc_ticks_now(void);
uint64_t upc_ticks_to_ns(upc_tick_t ticks);

#endif /* _UPCLINT_UPC_TICK_H */
