/* <upc_strict.h>: every inclusion includes <upc.h> and asserts the upc
   strict pragma, so the pragma is outside the include guard. */
#include <upc.h>
#pragma upc strict
