/* <upc_relaxed.h>: every inclusion includes <upc.h> and asserts the upc
   relaxed pragma, so the pragma is outside the include guard. */
#include <upc.h>
#pragma upc relaxed
