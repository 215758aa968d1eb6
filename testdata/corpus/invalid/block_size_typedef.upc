/* Block sizes computed from configuration macros, one of them negative and
   one too large. */
#include <upc.h>

#define ROWS 16
#define COLS 16
#define PAD  (-ROWS)

typedef shared [ROWS + PAD - 1] int bad_t;    // want "block size"
typedef shared [ROWS * COLS] int tile_t;       /* fine */

shared [(size_t)UPC_MAX_BLOCK_SIZE + 64] long huge[4 * THREADS];   // want "block size"
tile_t tiles[ROWS * COLS * THREADS];

int main(void)
{
    tiles[MYTHREAD] = 0;
    return 0;
}
