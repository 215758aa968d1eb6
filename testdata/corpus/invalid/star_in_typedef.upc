/* [*] depends on the size of the array it qualifies, so it may not appear
   in a typedef. */
#include <upc.h>

typedef shared [*] int star_int_t;                     // want `\[\*\].*typedef`
typedef shared [*] double star_row_t[8 * THREADS];     // want `\[\*\].*typedef`
typedef shared [8] double row8_t;                      /* fine */

row8_t rows[8 * THREADS];

int main(void)
{
    rows[8 * MYTHREAD] = 1.0;
    return 0;
}
