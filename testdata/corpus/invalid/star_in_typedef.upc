/* [*] depends on the size of the array it qualifies: a typedef of a scalar
   cannot have it; a typedef of an array can (GUPC and Berkeley UPC take
   the block size from the typedef's array). */
#include <upc.h>

typedef shared [*] int star_int_t;                     // want `\[\*\].*array`
typedef shared [*] double star_row_t[8 * THREADS];     /* fine */
typedef shared [8] double row8_t;                      /* fine */

row8_t rows[8 * THREADS];

int main(void)
{
    rows[8 * MYTHREAD] = 1.0;
    return 0;
}
