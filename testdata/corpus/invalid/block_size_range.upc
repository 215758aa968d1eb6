/* Block sizes must be non-negative and at most UPC_MAX_BLOCK_SIZE. */
#include <upc.h>

#define NEG_BLOCK (-4)

shared [-1] int negative[THREADS];                              // want "block size"
shared [NEG_BLOCK] double from_macro[4 * THREADS];              // want "block size"
shared [UPC_MAX_BLOCK_SIZE + 1] char too_big[THREADS];          // want "block size"
shared [UPC_MAX_BLOCK_SIZE] char largest[THREADS];              /* fine */

int main(void)
{
    largest[MYTHREAD] = 'x';
    upc_barrier;
    return 0;
}
