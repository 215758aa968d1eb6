/* macro_header.h: a user header whose first declaration comes before any of
   the main file's and whose body uses system macros (INT_MAX, RAND_MAX). */
#include <upc.h>
#include <stdlib.h>
#include <limits.h>
double frac(void) { return (double) rand() / (double) INT_MAX; }
int rand_ok(void) { return RAND_MAX > 0 && INT_MAX >= RAND_MAX; }
