/* UPC_MAX_BLOCK_SIZE is a constant expression usable in layout qualifiers. */
#include <upc.h>
#include <stdio.h>

#define BIG_BLOCK 4096

shared [BIG_BLOCK] char big[BIG_BLOCK * THREADS];
shared [UPC_MAX_BLOCK_SIZE] char all_on_zero[4 * THREADS];   /* one block: all on thread 0 */

int main(void)
{
    int ok = upc_blocksizeof(big) == BIG_BLOCK && upc_threadof(&all_on_zero[4 * THREADS - 1]) == 0;
    big[BIG_BLOCK * MYTHREAD] = 'x';
    upc_barrier;
    if (MYTHREAD == 0)
        printf("max block size %lu: %s\n", (unsigned long)UPC_MAX_BLOCK_SIZE,
               ok && big[BIG_BLOCK * (THREADS - 1)] == 'x' ? "passed" : "failed");
    return 0;
}
