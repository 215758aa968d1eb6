/* At most one layout qualifier per type, typedefs included. */
#include <upc.h>

typedef shared [4] int blk4_t;
#define BLOCKED(n) shared [n]

shared [2] shared [3] int twice[6 * THREADS];          // want "conflicting layout qualifiers"
shared [8] blk4_t through_typedef[8 * THREADS];        // want "conflicting layout qualifiers"
BLOCKED(2) blk4_t through_macro[8 * THREADS];          // want "conflicting layout qualifiers"
blk4_t fine[4 * THREADS];                              /* the typedef alone is fine */

int main(void)
{
    fine[4 * MYTHREAD] = 1;
    upc_barrier;
    return 0;
}
